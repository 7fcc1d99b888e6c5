import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORTS, REPO_ROOT } from '../../../infra/local/stack';
import { freePort } from '../../../infra/local/process';
import { testMarketClock } from '../../support/clock';
import type { StackAddress } from './journey';

/**
 * The real `npm start` entry (`tsx infra/local/start.ts`) as a child process group, on free
 * ports and a data folder of the test's (LOCAL_DATA_DIR), without the web app and jobs: the
 * fault tests start it, kill it with SIGKILL and start it again.
 */
export interface NpmStart {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  running?: ChildProcess;
}

/** Only what a developer's shell would have (none of the test stack's AWS variables), plus `extra`. */
export async function npmStartEnv(
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<NpmStart> {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'JAVA_HOME', 'TMPDIR', 'LANG']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  for (const key of Object.keys(DEFAULT_PORTS)) {
    env[DEFAULT_PORTS[key as keyof typeof DEFAULT_PORTS].env] = String(await freePort());
  }
  return {
    dataDir,
    env: {
      ...env,
      LOCAL_DATA_DIR: dataDir,
      LOCAL_NO_WEB: '1',
      LOCAL_NO_JOBS: '1',
      LOG_LEVEL: 'CRITICAL',
      CLIENT_LIMIT_PER_MINUTE: '100000',
      MARKET_CLOCK: testMarketClock(),
      ...extra,
    },
  };
}

/**
 * Starts `npm start`'s entry in its own process group; resolves with what it printed once its
 * ready banner is complete.
 */
export async function startNpm(target: NpmStart): Promise<string> {
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['infra/local/start.ts'], {
    cwd: REPO_ROOT,
    env: target.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  target.running = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // A bound for a busy machine (the web app's dev server included), not a speed target.
    const timer = setTimeout(
      () => reject(new Error(`npm start not ready after 90 s:\n${output}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code ?? signal}):\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return output;
}

/** SIGKILL to the whole group (tsx, node, DynamoDB Local's java, cognito-local...), then waits until it is gone. */
export async function killGroup(child: ChildProcess): Promise<void> {
  const group = -child.pid!;
  try {
    process.kill(group, 'SIGKILL');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      process.kill(group, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error('the process group outlived SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The addresses `npm start` wrote to its data folder. */
export function npmStartAddress(dataDir: string): StackAddress {
  const info = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as {
    userPoolId: string;
    userPoolClientId: string;
    cognitoEndpoint: string;
    urls: { api: string };
  };
  return {
    api: info.urls.api,
    cognito: info.cognitoEndpoint,
    userPoolId: info.userPoolId,
    clientId: info.userPoolClientId,
  };
}
