import { recordSecurityFigures } from '../../support/security-summary';

/**
 * Figures of the fault tests, gathered across their files (one worker each, so each file
 * records its own share under `faults-<file>`; `npm test` prints them with the others).
 */
export function faultFigureRecorder(part: string) {
  const figures: Record<string, number> = {
    faultsInjected: 0,
    requestsDuringFaults: 0,
    fiveHundredsOtherThan503: 0,
    itemsLostAfterRestart: 0,
    duplicateItemsFromRetries: 0,
  };
  const save = () => recordSecurityFigures(`faults-${part}`, figures);
  return {
    figures,
    inject(kind: string, n = 1) {
      figures.faultsInjected = (figures.faultsInjected ?? 0) + n;
      figures[`faults.${kind}`] = (figures[`faults.${kind}`] ?? 0) + n;
      save();
    },
    request(status: number) {
      figures.requestsDuringFaults = (figures.requestsDuringFaults ?? 0) + 1;
      if (status >= 500 && status !== 503 && status !== 502)
        figures.fiveHundredsOtherThan503 = (figures.fiveHundredsOtherThan503 ?? 0) + 1;
      save();
    },
    lost(n: number) {
      figures.itemsLostAfterRestart = (figures.itemsLostAfterRestart ?? 0) + n;
      save();
    },
    duplicates(n: number) {
      figures.duplicateItemsFromRetries = (figures.duplicateItemsFromRetries ?? 0) + n;
      save();
    },
  };
}
