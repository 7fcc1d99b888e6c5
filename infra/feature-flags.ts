/**
 * aws-cdk-lib's feature flags (cdk.json's `@aws-cdk/...` context keys): every flag the library
 * recommends is set, to its recommended value unless it is listed here with the reason it is
 * kept otherwise. infra/feature-flags.test.ts holds cdk.json to this: a flag a new aws-cdk-lib
 * adds, a value changed without a reason here, or a misspelt key fails it (decision 174).
 */
export const FLAGS_KEPT_FROM_RECOMMENDED: Readonly<
  Record<string, { value: unknown; why: string }>
> = {
  '@aws-cdk/core:defaultCrossStackReferences': {
    value: 'strong',
    why:
      'The stateless stack reads the stateful stack’s table, user pool and bucket through exports: ' +
      'with strong references CloudFormation refuses to delete the stateful stack, or drop an ' +
      'output, while the stateless stack still uses it (the order of the runbook’s removal). ' +
      'Weak references (Fn::GetStackOutput) would let the stack that holds every user’s data be ' +
      'deleted under the running functions; moving a deployed app there also takes two deployments.',
  },
};
