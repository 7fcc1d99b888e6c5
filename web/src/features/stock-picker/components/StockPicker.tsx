import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchResult } from '../../../../../shared/market';
import { searchText, useStockSearch } from '../../../lib/stock-search';
import { useDebounced } from '../../../lib/use-debounced';
import '../stock-picker.css';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DEBOUNCE_MS = 250;

interface StockPickerProps {
  /** Called with the chosen listing's symbol. */
  onSelect: (symbol: string, result: SearchResult) => void;
  label?: string;
}

/**
 * Search NYSE, NASDAQ and AMEX listings by name or symbol and pick one: an ARIA 1.2
 * combobox with a listbox of results. Arrow keys move through the results, Enter picks,
 * Escape closes the list (a second Escape clears the text).
 */
export function StockPicker({ onSelect, label = 'Search for a company' }: StockPickerProps) {
  const id = useId();
  const listId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(searchText(text), SEARCH_DEBOUNCE_MS);
  const search = useStockSearch(query);
  const typed = searchText(text);

  const results = query !== null && typed !== null ? (search.data ?? []) : [];
  const pending = typed !== null && (typed !== query || search.isFetching);
  const showList = open && typed !== null;
  const activeResult = active >= 0 ? results[active] : undefined;

  const choose = (result: SearchResult) => {
    setText(`${result.name} (${result.symbol})`);
    setOpen(false);
    setActive(-1);
    onSelect(result.symbol, result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (results.length) setActive((i) => (i + 1) % results.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
        break;
      case 'Home':
      case 'End':
        if (showList && results.length && active >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : results.length - 1);
        }
        break;
      case 'Enter': {
        const pick = activeResult ?? (results.length === 1 ? results[0] : undefined);
        if (showList && pick) {
          event.preventDefault();
          choose(pick);
        }
        break;
      }
      case 'Escape':
        if (showList) setOpen(false);
        else setText('');
        setActive(-1);
        break;
    }
  };

  let status: string | null = null;
  if (showList) {
    if (search.isError && !pending) status = 'Search is not available right now. Please try again.';
    else if (pending && results.length === 0) status = 'Searching…';
    else if (!pending && results.length === 0) status = `No stocks match “${typed}”.`;
  }

  return (
    <div className="stock-picker">
      <label htmlFor={id} className="stock-picker__label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="stock-picker__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Company name or symbol, e.g. Apple or AAPL"
        aria-autocomplete="list"
        aria-expanded={showList && results.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeResult ? `${id}-option-${active}` : undefined}
        aria-busy={pending || undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching stocks"
        className="stock-picker__results"
        hidden={!showList || results.length === 0}
      >
        {showList &&
          results.map((result, index) => (
            <li
              key={`${result.symbol}-${result.exchangeShortName}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="stock-picker__option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(result)}
            >
              <span className="stock-picker__symbol">{result.symbol}</span>
              <span className="stock-picker__name">{result.name}</span>
              <span className="stock-picker__exchange">{result.exchangeShortName}</span>
            </li>
          ))}
      </ul>
      <p
        className={`stock-picker__status${search.isError ? ' stock-picker__status--error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {status}
      </p>
    </div>
  );
}
