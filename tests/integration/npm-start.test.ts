import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killGroup, npmStartEnv, startNpm, type NpmStart } from './faults/npm-start';

/**
 * `npm start` as a newcomer runs it (the web app included), with its data in a folder of its own
 * (LOCAL_DATA_DIR). One start serves every check of this file (decision 155); the start killed
 * and started again is tests/integration/faults/crash-retry.test.ts.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'mr-market-npm-start-'));
let target: NpmStart;
let output = '';

beforeAll(async () => {
  target = await npmStartEnv(dataDir, { LOCAL_NO_WEB: '0', LOG_LEVEL: 'WARN' });
  output = await startNpm(target);
}, 120_000);

afterAll(async () => {
  const running = target?.running;
  if (running?.pid && running.exitCode === null) await killGroup(running).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('prints its ready banner and nothing before it, and serves the web app', async () => {
    // A real problem would show before the banner; nothing else should (no bundler notices
    // about the config's imports, no SDK notice about a future Node requirement).
    expect(output).toContain('Press Ctrl-C to stop.');
    expect(output.slice(0, output.indexOf('Mr. Market is running locally')).trim()).toBe('');
    const page = await fetch(`http://127.0.0.1:${target.env.LOCAL_APP_PORT}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('serves the web app the config.json of its data folder, with that stack’s user pool and client', async () => {
    const res = await fetch(`http://127.0.0.1:${target.env.LOCAL_APP_PORT}/config.json`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as Record<string, string>;
    const written = JSON.parse(readFileSync(join(dataDir, 'web-config.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(config.userPoolId).toMatch(/^local_/);
    expect(config).toEqual(written);
    expect(config.marketClock).toBe(target.env.MARKET_CLOCK);
  });
});
