import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultFigureRecorder } from './figures';
import { buildData, reads, signIn, newInvestor } from './journey';
import { killGroup, npmStartAddress, npmStartEnv, startNpm, type NpmStart } from './npm-start';

/**
 * The real `npm start` entry, on free ports and a temporary data folder, without the web app
 * and jobs: an investor's data is built, the whole process group is killed with SIGKILL, and
 * the next start finds all of it.
 */
const faultFigures = faultFigureRecorder('npm-start-restart');
const dataDir = mkdtempSync(join(tmpdir(), 'mr-market-start-'));
let target: NpmStart | undefined;

afterAll(async () => {
  const running = target?.running;
  if (running?.pid && running.exitCode === null) await killGroup(running).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start killed and started again', () => {
  it('keeps every item of an investor and their sign-in after SIGKILL of the whole process group', async () => {
    target = await npmStartEnv(dataDir);
    const first = await startNpm(target);
    const at = npmStartAddress(dataDir);
    expect(at.api).toBe(`http://127.0.0.1:${target.env.LOCAL_API_PORT}`);
    const investor = await newInvestor(at);
    const built = await buildData(at, investor.token);
    for (const read of reads(at, investor.token, built)) {
      expect(read.finds(await read.run()), read.route).toBe(true);
    }

    await killGroup(first);
    faultFigures.inject('npmStartKilled');

    await startNpm(target);
    const again = npmStartAddress(dataDir);
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
