import { useDeferredValue, useState, type ReactNode } from 'react';
import { DEFAULT_TARGET_IRR } from '../../../../../shared/valuation';
import { parseField } from '../model/form';

/** The target IRR the grids mark cells against: the typed text, and the deferred number in use. */
export function useTargetIrr() {
  const [text, setText] = useState(String(DEFAULT_TARGET_IRR));
  const target = parseField(text);
  const ok = Number.isFinite(target) && target > -100 && target <= 10_000;
  const deferred = useDeferredValue(ok ? target : DEFAULT_TARGET_IRR);
  return { text, setText, ok, deferred };
}

interface MarkedCell {
  current: boolean;
  meetsTarget: boolean;
}

interface SensitivitySectionProps<Cell extends MarkedCell> {
  target: ReturnType<typeof useTargetIrr>;
  /** Null when an assumption is missing. */
  grid: {
    caption: ReactNode;
    corner: string;
    columns: readonly { key: number; label: string }[];
    rows: readonly { key: number; label: string; cells: readonly Cell[] }[];
  } | null;
  cellKey: (cell: Cell) => number;
  cellTitle: (cell: Cell) => string;
  cellBody: (cell: Cell) => ReactNode;
  /** Tells the grids apart in tests. */
  dataGrid?: string;
}

/**
 * A sensitivity grid with its Target IRR field (the multiples' and the DCF's): the user's own
 * cell is marked (a dot and "your assumptions"); cells whose IRR reaches the target carry a
 * check mark and "meets target" besides their colour.
 */
export function SensitivitySection<Cell extends MarkedCell>({
  target,
  grid,
  cellKey,
  cellTitle,
  cellBody,
  dataGrid,
}: SensitivitySectionProps<Cell>) {
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
            value={target.text}
            aria-invalid={target.ok ? undefined : true}
            onChange={(e) => target.setText(e.target.value)}
          />
          <span className="valuation-field__suffix">%</span>
        </span>
      </label>
      {!target.ok && (
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
          <table className="sensitivity__grid" {...(dataGrid ? { 'data-grid': dataGrid } : {})}>
            <caption>{grid.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{grid.corner}</th>
                {grid.columns.map((c) => (
                  <th key={c.key} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell) => (
                    <td
                      key={cellKey(cell)}
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
                      {cellBody(cell)}
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
