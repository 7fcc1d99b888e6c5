import { CfnResource, Stack, Validations, type Acknowledgment } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag names the ARN of a resource in its findings: `<LogicalId.Arn>`. Findings are
 * acknowledged one by one (cdk-nag 3 has no prefix matching), so the id must be exact.
 */
export function nagArnRef(resource: IConstruct): string {
  const cfn = resource instanceof CfnResource ? resource : resource.node.defaultChild;
  if (!(cfn instanceof CfnResource))
    throw new Error(`${resource.node.path} has no CloudFormation resource`);
  return `<${Stack.of(cfn).resolve(cfn.logicalId) as string}.Arn>`;
}

export function acknowledge(scope: IConstruct, ...rules: Acknowledgment[]): void {
  Validations.of(scope).acknowledge(...rules);
}
