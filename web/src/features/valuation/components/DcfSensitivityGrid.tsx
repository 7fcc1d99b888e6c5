import { useDeferredValue, useMemo } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import {
  dcfSensitivityGrid,
  withDcfTargetIrr,
  type DCFInput,
  type DcfSensitivityCell,
} from '../../../../../shared/valuation';
import { SensitivitySection, useTargetIrr } from './SensitivityTable';

const pct = (n: number) => `${formatNumber(n, 1)}%`;

function cellTitle(cell: DcfSensitivityCell): string {
  if (cell.irrPercent === null)
    return 'No valuation: the discount rate must be above terminal growth';
  return `Discount rate ${formatNumber(cell.discountRatePercent, 2)}%, terminal growth ${formatNumber(cell.terminalGrowthPercent, 2)}%: IRR ${formatNumber(cell.irrPercent, 2)}%`;
}

/**
 * The DCF's grid: intrinsic value per share (and IRR under it) by discount rate (rows) and
 * terminal growth (columns), 5 x 5 around the user's rates. Like the multiples' grid it follows
 * the form through a deferred value, and the target IRR only re-marks the cells.
 */
export function DcfSensitivityGrid({ input }: { input: DCFInput }) {
  const target = useTargetIrr();
  const deferredInput = useDeferredValue(input);
  const cells = useMemo(() => dcfSensitivityGrid(deferredInput), [deferredInput]);
  const grid = useMemo(
    () => (cells ? withDcfTargetIrr(cells, target.deferred) : null),
    [cells, target.deferred],
  );
  return (
    <SensitivitySection
      target={target}
      dataGrid="dcf"
      grid={
        grid && {
          caption: (
            <>
              Intrinsic value per share (IRR below) by discount rate (rows) and terminal growth
              (columns); ✓ meets the target IRR of {pct(grid.targetIrrPercent)}, ● your assumptions
            </>
          ),
          corner: 'Discount \\ Terminal',
          columns: grid.terminalGrowthRates.map((g) => ({
            key: g,
            label: `${formatNumber(g, 2)}%`,
          })),
          rows: grid.rows.map((cells, i) => ({
            key: grid.discountRates[i]!,
            label: `${formatNumber(grid.discountRates[i]!, 2)}%`,
            cells,
          })),
        }
      }
      cellKey={(cell) => cell.terminalGrowthPercent}
      cellTitle={cellTitle}
      cellBody={(cell) =>
        cell.intrinsicValuePerShare === null || cell.irrPercent === null ? (
          'N/A'
        ) : (
          <>
            {formatNumber(cell.intrinsicValuePerShare, 2)}
            <br />
            <small>{pct(cell.irrPercent)}</small>
          </>
        )
      }
    />
  );
}
