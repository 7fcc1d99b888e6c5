import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { searchText, useStockSearch } from '../../../lib/stock-search';
import { useDebounced } from '../../../lib/use-debounced';

const DEBOUNCE_MS = 250;

/**
 * The screener panel's company search: "Search for companies", results by Company and
 * Symbol; choosing one opens that stock in the company view.
 */
export function ScreenerPanel() {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const typed = searchText(text);
  const query = useDebounced(typed, DEBOUNCE_MS);
  const search = useStockSearch(query);
  const results = typed !== null && query !== null ? (search.data ?? []).slice(0, 20) : [];
  const pending = typed !== null && (typed !== query || search.isFetching);

  const choose = (symbol: string) =>
    void navigate(`${paths.market}?symbol=${encodeURIComponent(symbol)}`);

  let status: string;
  if (typed === null) status = 'Select a company to see relevant information.';
  else if (search.isError && !pending)
    status = 'Search is not available right now. Please try again.';
  else if (pending && results.length === 0) status = 'Searching…';
  else status = results.length ? '' : `No companies match “${typed}”.`;

  return (
    <aside className="screener-panel" aria-label="Company search">
      <label htmlFor={id} className="screener-panel__label">
        Search for companies
      </label>
      <input
        id={id}
        type="search"
        className="screener-panel__input"
        placeholder="Search for companies"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {results.length > 0 && (
        <table className="screener-panel__table">
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Symbol</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.symbol} onClick={() => choose(r.symbol)}>
                <td>
                  <button
                    type="button"
                    className="screener-link"
                    onClick={(e) => {
                      e.stopPropagation();
                      choose(r.symbol);
                    }}
                  >
                    {r.name}
                  </button>
                </td>
                <td>{r.symbol}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {status && (
        <p className="screener-panel__empty" aria-live="polite">
          {status}
        </p>
      )}
    </aside>
  );
}
