import { useId, useState } from 'react';
import { searchText, useStockSearch } from '../../../lib/stock-search';
import { useDebounced } from '../../../lib/use-debounced';

export const SEARCH_DEBOUNCE_MS = 250;

interface WatchlistSearchProps {
  /** Symbols already on the list: their results say so instead of offering Add. */
  watched: ReadonlySet<string>;
  onAdd: (symbol: string) => void;
  adding: string | null;
}

/** "Search stocks and shares here": NYSE, NASDAQ and AMEX listings, each with an Add button. */
export function WatchlistSearch({ watched, onAdd, adding }: WatchlistSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const typed = searchText(text);
  const query = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const search = useStockSearch(query);
  const results = typed !== null && query !== null ? (search.data ?? []).slice(0, 10) : [];
  const pending = typed !== null && (typed !== query || search.isFetching);

  let status: string | null = null;
  if (typed !== null) {
    if (search.isError && !pending) status = 'Search is not available right now. Please try again.';
    else if (pending && results.length === 0) status = 'Searching…';
    else if (!pending && results.length === 0) status = `No stocks match “${typed}”.`;
  }

  return (
    <div className="watchlist-search">
      <input
        id={id}
        aria-label="Search stocks and shares here"
        type="search"
        className="watchlist-search__input"
        placeholder="Search stocks and shares here"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setText('')}
      />
      {typed !== null && (
        <div className="watchlist-search__results" aria-live="polite">
          {status && <p className="watchlist-search__status">{status}</p>}
          {results.length > 0 && (
            <ul aria-label="Matching stocks">
              {results.map((r) => (
                <li key={r.symbol} className="watchlist-search__result">
                  <span>
                    <strong>{r.symbol}</strong> {r.name}
                    <span className="watchlist-search__exchange"> {r.exchangeShortName}</span>
                  </span>
                  {watched.has(r.symbol) ? (
                    <span className="watchlist-search__watched">On your watchlist</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--primary"
                      aria-label={`Add ${r.symbol} to watchlist`}
                      disabled={adding === r.symbol}
                      onClick={() => onAdd(r.symbol)}
                    >
                      Add
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
