import { useDeferredValue, useMemo } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import {
  sensitivityGrid,
  withTargetIrr,
  type SensitivityCell,
  type ValuationModelInput,
} from '../../../../../shared/valuation';
import { SensitivitySection, useTargetIrr } from './SensitivityTable';

const pct = (n: number) => `${formatNumber(n, 1)}%`;

function cellTitle(cell: SensitivityCell): string {
  if (cell.intrinsicValuePerShare === null) return 'No valuation at these assumptions';
  return `Growth ${formatNumber(cell.growthPercent, 2)}%, multiple ${formatNumber(cell.forwardMultiple, 2)}x: intrinsic value per share ${formatNumber(cell.intrinsicValuePerShare, 2)}`;
}

/**
 * IRR across growth rate x forward multiple around the user's assumptions (5 x 5). The grid
 * follows the form through a deferred value, so typing stays immediate while it recomputes.
 */
export function SensitivityGrid({ input }: { input: ValuationModelInput }) {
  const target = useTargetIrr();
  const deferredInput = useDeferredValue(input);
  // The 25 cells follow the assumptions; the target only re-marks them.
  const cells = useMemo(() => sensitivityGrid(deferredInput), [deferredInput]);
  const grid = useMemo(
    () => (cells ? withTargetIrr(cells, target.deferred) : null),
    [cells, target.deferred],
  );
  return (
    <SensitivitySection
      target={target}
      grid={
        grid && {
          caption: (
            <>
              IRR by growth rate (rows) and forward multiple (columns); ✓ meets the target IRR of{' '}
              {pct(grid.targetIrrPercent)}, ● your assumptions
            </>
          ),
          corner: 'Growth \\ Multiple',
          columns: grid.multiples.map((m) => ({ key: m, label: `${formatNumber(m, 2)}x` })),
          rows: grid.rows.map((cells, i) => ({
            key: grid.growthRates[i]!,
            label: `${formatNumber(grid.growthRates[i]!, 2)}%`,
            cells,
          })),
        }
      }
      cellKey={(cell) => cell.forwardMultiple}
      cellTitle={cellTitle}
      cellBody={(cell) => (cell.irrPercent === null ? 'N/A' : pct(cell.irrPercent))}
    />
  );
}
