/**
 * The credential chain of a deployed function. esbuild puts this module in place of
 * `@aws-sdk/credential-provider-node` when it bundles a handler (see
 * infra/constructs/lambda-bundling.ts and decision 096): Lambda hands a function its role's
 * credentials in environment variables, so the SDK's default chain (profiles, SSO, web identity,
 * container and instance metadata, about 135 kB of each bundle) would never go past its first
 * step there.
 *
 * Exports the one name the SDK clients import from the package they replace.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
