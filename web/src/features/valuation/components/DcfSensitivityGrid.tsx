import { useDeferredValue, useMemo, useState } from 'react';
import { formatNumber } from '../../../../../shared/format/money';
import {
  DEFAULT_TARGET_IRR,
  dcfSensitivityGrid,
  withDcfTargetIrr,
  type DCFInput,
  type DcfSensitivityCell,
} from '../../../../../shared/valuation';
import { parseField } from '../model/form';

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
  const [targetText, setTargetText] = useState(String(DEFAULT_TARGET_IRR));
  const target = parseField(targetText);
  const targetOk = Number.isFinite(target) && target > -100 && target <= 10_000;
  const deferredInput = useDeferredValue(input);
  const deferredTarget = useDeferredValue(targetOk ? target : DEFAULT_TARGET_IRR);
  const cells = useMemo(() => dcfSensitivityGrid(deferredInput), [deferredInput]);
  const grid = useMemo(
    () => (cells ? withDcfTargetIrr(cells, deferredTarget) : null),
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
          <table className="sensitivity__grid" data-grid="dcf">
            <caption>
              Intrinsic value per share (IRR below) by discount rate (rows) and terminal growth
              (columns); ✓ meets the target IRR of {pct(grid.targetIrrPercent)}, ● your assumptions
            </caption>
            <thead>
              <tr>
                <th scope="col">Discount \ Terminal</th>
                {grid.terminalGrowthRates.map((g) => (
                  <th key={g} scope="col">
                    {formatNumber(g, 2)}%
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row, i) => (
                <tr key={grid.discountRates[i]}>
                  <th scope="row">{formatNumber(grid.discountRates[i]!, 2)}%</th>
                  {row.map((cell) => (
                    <td
                      key={cell.terminalGrowthPercent}
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
                      {cell.intrinsicValuePerShare === null || cell.irrPercent === null ? (
                        'N/A'
                      ) : (
                        <>
                          {formatNumber(cell.intrinsicValuePerShare, 2)}
                          <br />
                          <small>{pct(cell.irrPercent)}</small>
                        </>
                      )}
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
