import { useDeferredValue, useMemo, useState } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import {
  DEFAULT_TARGET_IRR,
  sensitivityGrid,
  withTargetIrr,
  type SensitivityCell,
  type ValuationModelInput,
} from '../../../../../shared/valuation';
import { parseField } from '../model/form';

const pct = (n: number) => `${formatNumber(n, 1)}%`;

function cellTitle(cell: SensitivityCell): string {
  if (cell.intrinsicValuePerShare === null) return 'No valuation at these assumptions';
  return `Growth ${formatNumber(cell.growthPercent, 2)}%, multiple ${formatNumber(cell.forwardMultiple, 2)}x: intrinsic value per share ${formatNumber(cell.intrinsicValuePerShare, 2)}`;
}

/**
 * IRR across growth rate x forward multiple around the user's assumptions (5 x 5). The
 * user's own cell is marked (a dot and "your assumptions"); cells whose IRR reaches the
 * target carry a check mark and "meets target" besides their colour. The grid follows the
 * form through a deferred value, so typing stays immediate while it recomputes.
 */
export function SensitivityGrid({ input }: { input: ValuationModelInput }) {
  const [targetText, setTargetText] = useState(String(DEFAULT_TARGET_IRR));
  const target = parseField(targetText);
  const targetOk = Number.isFinite(target) && target > -100 && target <= 10_000;
  const deferredInput = useDeferredValue(input);
  const deferredTarget = useDeferredValue(targetOk ? target : DEFAULT_TARGET_IRR);
  // The 25 cells follow the assumptions; the target only re-marks them.
  const cells = useMemo(() => sensitivityGrid(deferredInput), [deferredInput]);
  const grid = useMemo(
    () => (cells ? withTargetIrr(cells, deferredTarget) : null),
    [cells, deferredTarget],
  );

  return (
    <section className="valuation-box sensitivity" aria-label="Sensitivity">
      <h3>Sensitivity</h3>
      <label className="valuation-field__row sensitivity__target">
        <span className="valuation-field__label">Target IRR</span>
        <span className="valuation-field__input">
          <input
            type="text"
            inputMode="decimal"
            name="target_irr"
            value={targetText}
            aria-invalid={targetOk ? undefined : true}
            onChange={(e) => setTargetText(e.target.value)}
          />
          <span className="valuation-field__suffix">%</span>
        </span>
      </label>
      {!targetOk && (
        <p className="valuation-field__hint" role="status">
          Enter a target IRR above -100%; the grid uses {DEFAULT_TARGET_IRR}% meanwhile.
        </p>
      )}
      {grid ? (
        <div
          className="sensitivity__scroll"
          tabIndex={0}
          role="region"
          aria-label="Sensitivity grid, scrollable"
        >
          <table className="sensitivity__grid">
            <caption>
              IRR by growth rate (rows) and forward multiple (columns); ✓ meets the target IRR of{' '}
              {pct(grid.targetIrrPercent)}, ● your assumptions
            </caption>
            <thead>
              <tr>
                <th scope="col">Growth \ Multiple</th>
                {grid.multiples.map((m) => (
                  <th key={m} scope="col">
                    {formatNumber(m, 2)}x
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row, i) => (
                <tr key={grid.growthRates[i]}>
                  <th scope="row">{formatNumber(grid.growthRates[i]!, 2)}%</th>
                  {row.map((cell) => (
                    <td
                      key={cell.forwardMultiple}
                      title={cellTitle(cell)}
                      aria-current={cell.current ? 'true' : undefined}
                      data-meets-target={cell.meetsTarget ? 'true' : undefined}
                      className={[
                        'sensitivity__cell',
                        cell.meetsTarget ? 'sensitivity__cell--meets' : '',
                        cell.current ? 'sensitivity__cell--current' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {cell.irrPercent === null ? 'N/A' : pct(cell.irrPercent)}
                      {cell.meetsTarget && (
                        <>
                          {' '}
                          <span aria-hidden="true">✓</span>
                          <span className="visually-hidden"> meets target</span>
                        </>
                      )}
                      {cell.current && (
                        <>
                          {' '}
                          <span aria-hidden="true">●</span>
                          <span className="visually-hidden"> (your assumptions)</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="valuation-note">The grid needs numbers for every assumption.</p>
      )}
    </section>
  );
}
