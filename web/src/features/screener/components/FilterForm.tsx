import { useState, type FormEvent } from 'react';
import {
  FILTER_GROUPS,
  screenerFilters,
  type ScreenerFilters,
} from '../../../../../shared/screener';
import {
  GROUP_LABELS,
  filtersFromRows,
  groupOf,
  inputFor,
  labelOf,
  newKey,
  nextField,
  type FilterGroup,
  type FilterRow,
} from '../filter-rows';

interface FilterFormProps {
  rows: readonly FilterRow[];
  onRows: (rows: FilterRow[]) => void;
  /** Industries of the universe, offered as a list once a screen has returned them. */
  industries?: readonly string[];
  onScreen: (filters: ScreenerFilters) => void;
  onSave: (filters: ScreenerFilters) => void;
  onShowSaved: () => void;
  /** The saved screener being edited, if any. */
  editing?: string | null;
  busy?: boolean;
}

const GROUPS = Object.keys(GROUP_LABELS) as FilterGroup[];

/**
 * Descriptive / Financial Filters, built from the shared filter definitions: one row per
 * filter (its field and its option list), Add Another Filter, Remove All Filters, Screen for
 * Stocks, Save Screener and Show Saved Screeners.
 */
export function FilterForm({
  rows,
  onRows,
  industries = [],
  onScreen,
  onSave,
  onShowSaved,
  editing,
  busy,
}: FilterFormProps) {
  const [error, setError] = useState<string | null>(null);
  const next = nextField(rows);

  const update = (key: number, change: Partial<FilterRow>) =>
    onRows(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  /** The filters of the form, or null (with the reason shown) when a value is not accepted. */
  const parsed = (): ScreenerFilters | null => {
    const result = screenerFilters.safeParse(filtersFromRows(rows));
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? 'Check the filters');
      return null;
    }
    setError(null);
    return result.data as ScreenerFilters;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters = parsed();
    if (filters) onScreen(filters);
  };

  return (
    <form className="screener-form" onSubmit={submit} aria-label="Descriptive / Financial Filters">
      <h2 className="screener-form__title">
        Descriptive / Financial Filters
        {editing && <span className="screener-form__editing"> · Editing “{editing}”</span>}
      </h2>
      {rows.length === 0 ? (
        <p className="screener-muted">No filters: a screen lists every stock.</p>
      ) : (
        <ol className="screener-form__rows">
          {rows.map((row, i) => {
            const used = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.field));
            const input = inputFor(row.field, industries);
            const label = labelOf(row.field);
            return (
              <li key={row.key} className="screener-form__row" data-group={groupOf(row.field)}>
                <span className="screener-form__group">{GROUP_LABELS[groupOf(row.field)]}</span>
                <select
                  aria-label={`Filter ${i + 1}`}
                  value={row.field}
                  onChange={(e) =>
                    update(row.key, { field: e.target.value as FilterRow['field'], value: '' })
                  }
                >
                  {GROUPS.map((g) => (
                    <optgroup key={g} label={GROUP_LABELS[g]}>
                      {FILTER_GROUPS[g]
                        .filter((f) => !used.has(f))
                        .map((f) => (
                          <option key={f} value={f}>
                            {labelOf(f)}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </select>
                {input.kind === 'select' ? (
                  <select
                    aria-label={label}
                    value={row.value}
                    onChange={(e) => update(row.key, { value: e.target.value })}
                  >
                    <option value="">Any</option>
                    {input.options.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    type="text"
                    aria-label={label}
                    placeholder={input.placeholder}
                    maxLength={100}
                    value={row.value}
                    onChange={(e) => update(row.key, { value: e.target.value })}
                  />
                )}
                <button
                  type="button"
                  className="screener-form__remove"
                  aria-label={`Remove the ${label} filter`}
                  onClick={() => onRows(rows.filter((r) => r.key !== row.key))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p className="screener-error" role="alert">
          {error}
        </p>
      )}
      <div className="screener-form__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={next === null}
          onClick={() => next && onRows([...rows, { key: newKey(), field: next, value: '' }])}
        >
          Add Another Filter
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={rows.length === 0}
          onClick={() => {
            setError(null);
            onRows([]);
          }}
        >
          Remove All Filters
        </button>
      </div>
      <div className="screener-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Screen for Stocks
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            const filters = parsed();
            if (filters) onSave(filters);
          }}
        >
          Save Screener
        </button>
        <button type="button" className="button button--ghost" onClick={onShowSaved}>
          Show Saved Screeners
        </button>
      </div>
    </form>
  );
}
