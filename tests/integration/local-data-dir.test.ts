import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killGroup, npmStartEnv, startNpm, type NpmStart } from './faults/npm-start';

/**
 * `npm start` with LOCAL_DATA_DIR: the web app's `/config.json` is the one the stack wrote in
 * that folder (with its user pool), not the default folder's, so sign-in works.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'mr-market-datadir-'));
let target: NpmStart | undefined;

afterAll(async () => {
  const running = target?.running;
  if (running?.pid && running.exitCode === null) await killGroup(running).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start with another data folder', () => {
  it('serves the web app a config.json with that stack’s user pool and client', async () => {
    target = await npmStartEnv(dataDir);
    delete target.env.LOCAL_NO_WEB;
    await startNpm(target);
    const res = await fetch(`http://127.0.0.1:${target.env.LOCAL_APP_PORT}/config.json`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as Record<string, string>;
    const written = (await import(join(dataDir, 'web-config.json'), { with: { type: 'json' } }))
      .default as Record<string, string>;
    expect(config.userPoolId).toMatch(/^local_/);
    expect(config).toEqual(written);
    expect(config.marketClock).toBe(target.env.MARKET_CLOCK);
  }, 120_000);
});
