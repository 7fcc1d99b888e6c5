/**
 * `npm start`: the whole local stack in one process tree; Ctrl-C stops all of it.
 * Data lives under `.local/`, so the next start finds it.
 */
import { resolve } from 'node:path';
import { startStack, type Stack } from './stack';

const t0 = performance.now();
const quiet = new Set(['dynamodb', 'cognito']);
const verbose = process.env.LOCAL_VERBOSE === '1';

function log(source: string, line: string): void {
  if (!verbose && quiet.has(source)) return;
  console.log(`[${source}] ${line}`);
}

let stack: Stack | undefined;
let stopping = false;

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the local stack...');
  const force = setTimeout(() => process.exit(code), 10_000);
  force.unref();
  await stack?.stop();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

try {
  stack = await startStack({
    persistent: true,
    ...(process.env.LOCAL_DATA_DIR ? { dataDir: resolve(process.env.LOCAL_DATA_DIR) } : {}),
    web: process.env.LOCAL_NO_WEB !== '1',
    jobs: process.env.LOCAL_NO_JOBS !== '1',
    ports: 'fixed',
    inheritEnv: true,
    firstJobRunAfterMs: 3_000,
    log,
  });
} catch (error) {
  console.error(`\nThe local stack could not start: ${(error as Error).message ?? String(error)}`);
  await shutdown(1);
}

if (stack && !stopping) {
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const { urls } = stack;
  const rows: [string, string | undefined][] = [
    ['App', urls.app ?? '(not started: web/vite.config.ts is missing)'],
    ['API', urls.api],
    ['Mail viewer', urls.mail],
    ['S3', urls.s3],
    ['DynamoDB', urls.dynamodb],
    ['Cognito', `${urls.cognitoProxy} (cognito-local ${urls.cognito})`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(
    [
      '',
      `Mr. Market is running locally (ready in ${seconds} s)`,
      '',
      ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`),
      ...(stack.external.length
        ? ['', `  Using your own endpoints for: ${stack.external.join(', ')}`]
        : []),
      '',
      `  Data is kept in ${process.env.LOCAL_DATA_DIR ?? '.local/'}. Press Ctrl-C to stop.`,
      '',
    ].join('\n'),
  );
}
