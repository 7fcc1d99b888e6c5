/**
 * What every Lambda bundle is built with besides esbuild's own options, shared by
 * `HouseFunction` and the bench's `coldstart` section so that the bench measures the bundles
 * the CDK app deploys.
 */

/** ESM bundles of CommonJS dependencies still call require(): give them one. */
export const BUNDLE_BANNER =
  "import { createRequire as __houseCreateRequire } from 'module';const require = __houseCreateRequire(import.meta.url);";

/**
 * Packages replaced in a bundle, by a path relative to the repository root (esbuild resolves an
 * alias in its working directory: the root for the bench and for the CDK app's local bundling,
 * and the mounted root when it bundles in Docker). The SDK
 * clients' default credential chain becomes environment credentials only, which is what
 * Lambda provides (decision 096).
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/lib/env-credentials.ts',
};
