/**
 * Every Lambda bundle of the app, built by one esbuild run with one entry point per handler
 * (decision 155). Eighty separate esbuild processes parsed the same modules (the AWS SDK
 * clients, zod, middy) eighty times and took about a minute of a synth; one build parses each
 * module once and writes the same self-contained bundles in a few seconds.
 *
 * `HouseFunction` asks for its handler's folder when the CDK bundles its asset (never when
 * bundling is skipped, as in the unit tests); the first request builds every handler of the app
 * (`appHandlers`) at once, later requests copy from that build.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildSync, type BuildOptions } from 'esbuild';
import { JOBS } from '../jobs';
import { ROUTES } from '../../shared/routes';
import { BUNDLE_ALIASES, BUNDLE_BANNER, BUNDLE_FILES } from './lambda-bundling';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The Cognito trigger: the one handler that is neither a route nor a job. */
export const TRIGGER_HANDLERS = ['cognito/customMessage'] as const;

/** Every handler module the deployed app runs (routes, jobs, triggers), sorted. */
export function appHandlers(): string[] {
  return [
    ...new Set([
      ...ROUTES.map((r) => r.handler ?? 'api/notImplemented'),
      ...JOBS.map((j) => j.handler),
      ...TRIGGER_HANDLERS,
    ]),
  ].sort();
}

/**
 * esbuild's options for the handlers' bundles: ESM for node24, minified, with linked source
 * maps without the sources' text, the AWS SDK clients bundled and its credential chain reduced
 * to environment credentials (decisions 095, 096). The bench's `coldstart` section measures
 * bundles built with the same options.
 */
export const HANDLER_BUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  sourcemap: true,
  // Source maps give stack traces their files and lines; without the sources' text each map is
  // about a third the size, and Node reads it at every cold start (NODE_OPTIONS).
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: BUNDLE_BANNER },
  alias: { ...BUNDLE_ALIASES },
  outExtension: { '.js': '.mjs' },
  absWorkingDir: REPO_ROOT,
  logLevel: 'error',
} satisfies BuildOptions;

/**
 * Builds `handlers` into `outdir`: `<outdir>/<handler>/index.mjs` (+ `.map`), and beside it the
 * files the handler reads at run time (`BUNDLE_FILES`).
 */
export function buildHandlerBundles(handlers: readonly string[], outdir: string): void {
  buildSync({
    ...HANDLER_BUILD_OPTIONS,
    entryPoints: Object.fromEntries(
      handlers.map((h) => [`${h}/index`, path.join(REPO_ROOT, 'functions', `${h}.ts`)]),
    ),
    outdir,
  });
  for (const handler of handlers)
    for (const file of BUNDLE_FILES[handler] ?? []) {
      const from = path.join(REPO_ROOT, 'node_modules', file);
      if (!existsSync(from)) throw new Error(`${handler} needs ${file}: run npm ci`);
      copyFileSync(from, path.join(outdir, handler, path.basename(file)));
    }
}

const built = new Map<string, string>();
let workDir: string | undefined;

/** The folder holding `handler`'s bundle, building it (with the app's others) if needed. */
export function handlerBundleDir(handler: string): string {
  const done = built.get(handler);
  if (done) return done;
  // Inside the repository, at a fixed depth: the source maps' relative paths, and so the
  // assets' hashes, are the same on every machine.
  if (!workDir) {
    workDir = mkdtempSync(path.join(REPO_ROOT, '.bundles-'));
    const dir = workDir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const batch = [...new Set([handler, ...appHandlers()])].filter((h) => !built.has(h));
  const outdir = mkdtempSync(path.join(workDir, 'b'));
  buildHandlerBundles(batch, outdir);
  for (const h of batch) built.set(h, path.join(outdir, h));
  return built.get(handler)!;
}
