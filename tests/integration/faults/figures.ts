import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordSecurityFigures, securityFiguresDir } from '../../support/security-summary';

/**
 * Figures of the fault tests. Each file (its own worker) keeps its share in
 * `.test-out/security/faults-parts/<file>.json`, and every update records the sum of the
 * shares of this run (same parent process) as the `faults` area, which `npm test` prints.
 */
const PARTS_DIR = join(securityFiguresDir(), 'faults-parts');

export function faultFigureRecorder(part: string) {
  const figures: Record<string, number> = {
    faultsInjected: 0,
    requestsDuringFaults: 0,
    server5xxOtherThan503: 0,
    itemsLostAfterRestart: 0,
    duplicateItemsFromRetries: 0,
  };
  const add = (name: string, n: number) => {
    figures[name] = (figures[name] ?? 0) + n;
    save();
  };
  const save = () => {
    mkdirSync(PARTS_DIR, { recursive: true });
    writeFileSync(join(PARTS_DIR, `${part}.json`), JSON.stringify({ run: process.ppid, figures }));
    const total: Record<string, number> = {};
    for (const file of readdirSync(PARTS_DIR)) {
      try {
        const share = JSON.parse(readFileSync(join(PARTS_DIR, file), 'utf8')) as {
          run: number;
          figures: Record<string, number>;
        };
        if (share.run !== process.ppid) continue;
        for (const [k, v] of Object.entries(share.figures)) total[k] = (total[k] ?? 0) + v;
      } catch {
        // a share being written right now: the next update counts it
      }
    }
    recordSecurityFigures('faults', total);
  };
  return {
    figures,
    inject(kind: string, n = 1) {
      figures.faultsInjected = (figures.faultsInjected ?? 0) + n;
      add(`faults.${kind}`, n);
    },
    /**
     * A request answered during a fault: DynamoDB faults must answer 503; a market route
     * whose provider fails may also answer 502 (`upstream`).
     */
    request(status: number, upstream = false) {
      figures.requestsDuringFaults = (figures.requestsDuringFaults ?? 0) + 1;
      const expected = status < 500 || status === 503 || (upstream && status === 502);
      add('server5xxOtherThan503', expected ? 0 : 1);
      if (upstream && status === 502) add('market502', 1);
    },
    lost: (n: number) => add('itemsLostAfterRestart', n),
    duplicates: (n: number) => add('duplicateItemsFromRetries', n),
  };
}
