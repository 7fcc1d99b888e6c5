import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PORTS, REPO_ROOT } from '../../../infra/local/stack';
import { freePort } from '../../../infra/local/process';
import { testMarketClock } from '../../support/clock';
import { faultFigureRecorder } from './figures';
import { buildData, reads, signIn, newInvestor, type StackAddress } from './journey';

/**
 * The real `npm start` entry (`tsx infra/local/start.ts`), on free ports and a temporary
 * data folder (LOCAL_DATA_DIR), without the web app and jobs: an investor's data is
 * built, the whole process group is killed with SIGKILL, and the next start finds all of it.
 */
const faultFigures = faultFigureRecorder('npm-start-restart');
const dataDir = mkdtempSync(join(tmpdir(), 'mr-market-start-'));
let running: ChildProcess | undefined;

/** Only what a developer's shell would have: none of the test stack's AWS variables. */
function cleanEnv(ports: Record<string, number>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'JAVA_HOME', 'TMPDIR', 'LANG']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  for (const [key, port] of Object.entries(ports)) {
    env[DEFAULT_PORTS[key as keyof typeof DEFAULT_PORTS].env] = String(port);
  }
  return {
    ...env,
    LOCAL_DATA_DIR: dataDir,
    LOCAL_NO_WEB: '1',
    LOCAL_NO_JOBS: '1',
    LOG_LEVEL: 'CRITICAL',
    MARKET_CLOCK: testMarketClock(),
  };
}

/** Starts `npm start`'s entry in its own process group; resolves once it says it is running. */
async function start(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['infra/local/start.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start not ready after 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Mr. Market is running locally')) {
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
  return child;
}

/** SIGKILL to the whole group (tsx, node, DynamoDB Local's java, cognito-local...), then waits until it is gone. */
async function killGroup(child: ChildProcess): Promise<void> {
  const group = -child.pid!;
  process.kill(group, 'SIGKILL');
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

function address(): StackAddress {
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

afterAll(async () => {
  if (running?.pid && running.exitCode === null) await killGroup(running).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start killed and started again', () => {
  it('keeps every item of an investor and their sign-in after SIGKILL of the whole process group', async () => {
    const ports: Record<string, number> = {};
    for (const key of Object.keys(DEFAULT_PORTS)) ports[key] = await freePort();
    const env = cleanEnv(ports);

    const first = await start(env);
    const at = address();
    expect(at.api).toBe(`http://127.0.0.1:${ports.api}`);
    const investor = await newInvestor(at);
    const built = await buildData(at, investor.token);
    for (const read of reads(at, investor.token, built)) {
      expect(read.finds(await read.run()), read.route).toBe(true);
    }

    await killGroup(first);
    faultFigures.inject('npmStartKilled');

    await start(env);
    const again = address();
    expect(again.userPoolId).toBe(at.userPoolId);
    // The same password signs in: the account survived in cognito-local's folder.
    const token = await signIn(again, investor.email, investor.password);
    let lost = 0;
    for (const read of reads(again, token, built)) {
      const reply = await read.run();
      faultFigures.request(reply.status);
      if (!read.finds(reply)) lost += 1;
      expect({ route: read.route, status: reply.status, found: read.finds(reply) }).toEqual({
        route: read.route,
        status: 200,
        found: true,
      });
    }
    faultFigures.lost(lost);
  }, 150_000);
});
