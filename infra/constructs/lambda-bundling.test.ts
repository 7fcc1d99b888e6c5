import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './house-function';
import { BUNDLE_ALIASES, BUNDLE_BANNER } from './lambda-bundling';

const run = promisify(execFile);

/** A DynamoDB client call, bundled the way every handler is. */
const ENTRY = `
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
const client = new DynamoDBClient({ endpoint: process.env.TEST_ENDPOINT, region: 'us-east-1', maxAttempts: 1 });
try {
  const out = await client.send(new ListTablesCommand({}));
  process.stdout.write(JSON.stringify({ tables: out.TableNames }));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: String(error.message) }));
}
`;

const authorizations: (string | undefined)[] = [];
let server: http.Server;
let endpoint = '';
let dir = '';
let bundle = '';
let inputs: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ TableNames: ['bundled'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  dir = mkdtempSync(join(tmpdir(), 'lambda-bundling-'));
  bundle = join(dir, 'entry.mjs');
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: REPO_ROOT, sourcefile: 'entry.ts', loader: 'ts' },
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    minify: true,
    banner: { js: BUNDLE_BANNER },
    alias: BUNDLE_ALIASES,
    metafile: true,
    write: false,
    outfile: bundle,
    logLevel: 'error',
  });
  writeFileSync(bundle, result.outputFiles[0]!.contents);
  inputs = Object.keys(result.metafile.inputs);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function invoke(credentials: Record<string, string>): Promise<Record<string, unknown>> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    TEST_ENDPOINT: endpoint,
    ...credentials,
  };
  // An empty home: no shared config or credentials file the default chain could have used.
  env.HOME = dir;
  const { stdout } = await run(process.execPath, [bundle], { env, timeout: 30_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('Lambda bundles', () => {
  it('sign SDK requests with the credentials Lambda puts in the environment', async () => {
    const before = authorizations.length;
    const out = await invoke({
      AWS_ACCESS_KEY_ID: 'AKIDBUNDLETEST',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'session',
    });
    expect(out).toEqual({ tables: ['bundled'] });
    expect(authorizations.slice(before)).toHaveLength(1);
    expect(authorizations.at(-1)).toContain('Credential=AKIDBUNDLETEST/');
  });

  it('fail with a clear message and send nothing when the environment has no credentials', async () => {
    const before = authorizations.length;
    const out = await invoke({});
    expect(out.error).toMatch(/environment variable credentials/);
    expect(authorizations).toHaveLength(before);
  });

  it('carry none of the default chain the environment credentials replace', () => {
    expect(inputs.some((f) => f.includes('functions/lib/env-credentials.ts'))).toBe(true);
    for (const gone of ['credential-provider-node', 'credential-provider-sso', 'nested-clients'])
      expect(inputs.filter((f) => f.includes(gone))).toEqual([]);
  });
});
