import { CfnOutput, CfnParameter, CfnResource, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** CloudFormation's hard limits per template (a nested stack is a template of its own). */
export const CLOUDFORMATION_LIMITS = { resources: 500, parameters: 200, outputs: 200 } as const;

/**
 * What this app lets one stack hold: 10% under CloudFormation's 500 resources, so a deploy
 * never fails on the limit and the synth fails first, with advice, while there is room.
 */
export const STACK_RESOURCE_BUDGET = 450;

export interface TemplateCounts {
  resources: number;
  parameters: number;
  outputs: number;
}

/** Counts what `stack` itself puts in its template (not what its nested stacks hold). */
export function countTemplate(stack: Stack): TemplateCounts {
  const own = stack.node.findAll().filter((c: IConstruct) => Stack.of(c) === stack);
  return {
    resources: own.filter((c) => CfnResource.isCfnResource(c)).length,
    parameters: own.filter((c) => c instanceof CfnParameter).length,
    outputs: own.filter((c) => c instanceof CfnOutput).length,
  };
}

/**
 * Fails the synth (a construct validation, run after every resource exists) when `stack`
 * holds more resources than the budget, or more parameters or outputs than CloudFormation
 * takes. `advice` says what to split.
 */
export function guardTemplateSize(
  stack: Stack,
  advice: string,
  budget: number = STACK_RESOURCE_BUDGET,
): void {
  stack.node.addValidation({
    validate: () => {
      const counts = countTemplate(stack);
      const errors: string[] = [];
      if (counts.resources > budget) {
        errors.push(
          `${stack.node.path} holds ${counts.resources} CloudFormation resources, over this app's budget of ${budget} per stack (CloudFormation stops at ${CLOUDFORMATION_LIMITS.resources}). ${advice}`,
        );
      }
      if (counts.parameters > CLOUDFORMATION_LIMITS.parameters) {
        errors.push(
          `${stack.node.path} takes ${counts.parameters} parameters; CloudFormation allows ${CLOUDFORMATION_LIMITS.parameters}. ${advice}`,
        );
      }
      if (counts.outputs > CLOUDFORMATION_LIMITS.outputs) {
        errors.push(
          `${stack.node.path} has ${counts.outputs} outputs; CloudFormation allows ${CLOUDFORMATION_LIMITS.outputs}. ${advice}`,
        );
      }
      return errors;
    },
  });
}
