import type { Quote } from '../../../../../shared/market';
import { formatNumber, formatPercent, isFiniteNumber } from '../../../../../shared/format/money';
import { INDEX_LABELS, INDEX_SYMBOLS } from '../../../../../shared/market/symbols';
import { useDelayedAsOf } from '../../../lib/market-source';
import { useIndexQuotes, type IndexQuote } from '../api/get-index-quotes';
import { DemoDataBadge } from './DemoDataBadge';
import './index-bar.css';

type Direction = 'up' | 'down' | 'flat';

/** Up, down or flat as the change prints (2 decimals): a change that rounds to 0.00 is flat. */
export function direction(quote: Pick<Quote, 'change' | 'changesPercentage'>): Direction {
  const basis = isFiniteNumber(quote.change) ? quote.change : quote.changesPercentage;
  if (!isFiniteNumber(basis)) return 'flat';
  const cents = Math.round(basis * 100);
  return cents > 0 ? 'up' : cents < 0 ? 'down' : 'flat';
}

/** A change with its sign: "+12.34", "-0.56", "0.00". */
function signed(text: string, dir: Direction): string {
  return dir === 'up' ? `+${text}` : text;
}

const DIRECTION_WORDS: Record<Direction, string> = { up: 'up', down: 'down', flat: 'unchanged' };
const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', flat: '■' };

function timeOf(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/**
 * The live quotes of the S&P 500, NYSE, DJIA and NASDAQ, above every page. Market-data
 * failures are quiet: the names stay with empty placeholders, never zeros.
 */
export function IndexBar() {
  const query = useIndexQuotes();
  const data = query.data;
  // Another market answer on the page came from the cache because the provider failed or its
  // quota is spent: the figures on screen are as old as it says.
  const delayedAsOf = useDelayedAsOf();
  // A failed refresh keeps the last values on screen: they are then as old as a stale answer.
  const ownStale = Boolean(data && (data.stale || query.isRefetchError));
  const stale = ownStale || delayedAsOf !== null;
  // Only a stale notice shows the time: formatting it loads the browser's time zone data,
  // about 50 ms of the first page's main thread on a fast machine.
  const asOf = ownStale && data ? timeOf(data.asOf) : delayedAsOf ? timeOf(delayedAsOf) : undefined;

  return (
    <div className="index-bar__inner">
      <div
        className="index-bar__scroller"
        role="region"
        aria-label="Market indexes"
        // Focusable so a keyboard can scroll it when it overflows on a narrow screen.
        tabIndex={0}
      >
        <ul className="index-bar__list" aria-busy={query.isPending}>
          {data
            ? data.indexes.map((index) => <IndexItem key={index.symbol} index={index} />)
            : INDEX_SYMBOLS.map((symbol) => (
                <PlaceholderItem
                  key={symbol}
                  label={INDEX_LABELS[symbol]}
                  loading={query.isPending}
                />
              ))}
        </ul>
      </div>
      {/* A status (a live region, so inside a landmark): the data is delayed, or demo data. */}
      <div className="index-bar__meta" role="status">
        {stale && (
          <span
            className="index-bar__stale"
            title={`Live quotes could not be refreshed: these are the last known values${asOf ? ` (as of ${asOf})` : ''}.`}
          >
            <span aria-hidden="true" className="index-bar__stale-dot" />
            Delayed
            {asOf && <span className="index-bar__as-of"> · as of {asOf}</span>}
          </span>
        )}
        <DemoDataBadge />
      </div>
    </div>
  );
}

function IndexItem({ index }: { index: IndexQuote }) {
  const { quote, label } = index;
  if (!quote) return <PlaceholderItem label={label} loading={false} />;
  const dir = direction(quote);
  const hasChange = isFiniteNumber(quote.change) || isFiniteNumber(quote.changesPercentage);
  return (
    <li className="index-quote" data-direction={dir} data-symbol={index.symbol}>
      <span className="index-quote__name">{label}</span>
      <span className="index-quote__value">{formatNumber(quote.price)}</span>
      {hasChange && (
        <span className="index-quote__change">
          <span className="index-quote__arrow" aria-hidden="true">
            {ARROWS[dir]}
          </span>
          <span className="index-bar__sr">{DIRECTION_WORDS[dir]} </span>
          {isFiniteNumber(quote.change) && (
            <span className="index-quote__delta">{signed(formatNumber(quote.change), dir)}</span>
          )}
          {isFiniteNumber(quote.changesPercentage) && (
            <span className="index-quote__percent">
              ({signed(formatPercent(quote.changesPercentage), dir)})
            </span>
          )}
        </span>
      )}
    </li>
  );
}

function PlaceholderItem({ label, loading }: { label: string; loading: boolean }) {
  return (
    <li className="index-quote index-quote--empty" data-loading={loading}>
      <span className="index-quote__name">{label}</span>
      <span className="index-quote__blank" aria-hidden="true" />
      <span className="index-bar__sr">{loading ? 'loading' : 'not available'}</span>
    </li>
  );
}
