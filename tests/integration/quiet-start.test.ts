import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import { killGroup, npmStartEnv } from './faults/npm-start';

/**
 * `npm start` as a newcomer runs it (the web app included): everything it prints before its
 * ready banner. A real problem would show there; nothing else should (no bundler notices about
 * the config's imports, no SDK notice about a future Node requirement).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'mr-market-quiet-start-'));
let pid: number | undefined;

afterAll(async () => {
  if (pid) await killGroup({ pid } as never).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('prints its ready banner and nothing before it', async () => {
    const target = await npmStartEnv(dataDir, { LOCAL_NO_WEB: '0', LOG_LEVEL: 'WARN' });
    const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['infra/local/start.ts'], {
      cwd: REPO_ROOT,
      env: target.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pid = child.pid;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready after 90 s:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Press Ctrl-C to stop.')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${code}):\n${output}`));
      });
    });
    child.removeAllListeners('exit');
    const before = output.slice(0, output.indexOf('Mr. Market is running locally'));
    expect(before.trim()).toBe('');
    // The web app is up: its dev server answers with the app's page.
    const page = await fetch(`http://127.0.0.1:${target.env.LOCAL_APP_PORT}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  }, 120_000);
});
