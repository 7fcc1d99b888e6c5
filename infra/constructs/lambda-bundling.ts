/**
 * What every Lambda bundle is built with besides esbuild's own options (infra/constructs/bundles.ts
 * builds the app's bundles, and the bench's `coldstart` section measures the same ones).
 */

import { PNG_RENDERER_FILES } from '../../shared/sharing/preview';

/** ESM bundles of CommonJS dependencies still call require(): give them one. */
export const BUNDLE_BANNER =
  "import { createRequire as __houseCreateRequire } from 'module';const require = __houseCreateRequire(import.meta.url);";

/**
 * Packages replaced in a bundle, by a path relative to the repository root (esbuild resolves an
 * alias in its working directory, the root). The SDK
 * clients' default credential chain becomes environment credentials only, which is what
 * Lambda provides (decision 096).
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/lib/env-credentials.ts',
};

/**
 * Files a handler reads at run time from beside its bundle (package paths under node_modules),
 * copied into the bundle's folder under their base names: the link-preview PNG renderer's
 * WebAssembly and fonts (functions/sharing/png.ts; decision 145).
 */
export const BUNDLE_FILES: Readonly<Record<string, readonly string[]>> = {
  'api/publicPitchPreviewPng': PNG_RENDERER_FILES,
};
