import { lazy, Suspense, useState } from 'react';
import { formatCompact, formatNumber, formatPrice } from '../../../../../shared/format/money';
import type { PortfolioRow } from '../../../../../shared/schemas/portfolio-api';
import { Loading } from '../../../components/Loading';
import { useClosingSeries, useQuote, type ChartPeriod } from '../api/portfolio-api';

const ClosingPriceChart = lazy(() => import('../../../components/ClosingPriceChart'));

const PERIODS: { id: ChartPeriod; label: string }[] = [
  { id: 'daily', label: 'Daily' },
  { id: 'weekly', label: 'Weekly' },
  { id: 'monthly', label: 'Monthly' },
];

interface StockPanelProps {
  portfolio: PortfolioRow;
  symbols: readonly string[] | undefined;
  symbol: string | null;
  onSymbol: (symbol: string) => void;
}

/** The selected portfolio's stocks: count, selector, closing-price chart and quote tiles. */
export function StockPanel({ portfolio, symbols, symbol, onSymbol }: StockPanelProps) {
  const count = symbols?.length ?? portfolio.stocks_held;
  return (
    <section className="portfolio-panel" aria-label={`Stocks in ${portfolio.portfolio_name}`}>
      <h2 className="portfolio-panel__title">{portfolio.portfolio_name}</h2>
      <div className="portfolio-panel__stocks">
        <p>
          Number of stocks: <strong data-testid="stock-count">{count}</strong>
        </p>
        {symbols && symbols.length > 0 && (
          <label className="portfolio-panel__selector">
            Stock{' '}
            <select value={symbol ?? ''} onChange={(e) => onSymbol(e.target.value)}>
              {symbols.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {symbols === undefined ? (
        <Loading label="Loading stocks…" />
      ) : symbol ? (
        <StockView symbol={symbol} />
      ) : (
        <p className="portfolio-empty">
          No stocks in this portfolio yet. Buy one with the order form or from your pitches.
        </p>
      )}
    </section>
  );
}

function StockView({ symbol }: { symbol: string }) {
  const [period, setPeriod] = useState<ChartPeriod>('weekly');
  const series = useClosingSeries(symbol, period);
  const quote = useQuote(symbol);
  const q = quote.data;
  const label = PERIODS.find((p) => p.id === period)?.label ?? '';

  let chart;
  if (series.isPending) chart = <Loading label="Loading chart…" />;
  else if (series.isError || !series.data.length)
    chart = <p className="portfolio-empty">No closing prices to chart.</p>;
  else
    chart = (
      <Suspense fallback={<Loading label="Loading chart…" />}>
        <ClosingPriceChart
          points={series.data}
          label={`${symbol} ${label} closing price chart`}
          className="portfolio-chart"
        />
      </Suspense>
    );

  const tiles: [string, string][] = [
    ['Open', formatPrice(q?.open)],
    ['High', formatPrice(q?.dayHigh)],
    ['Low', formatPrice(q?.dayLow)],
    ['Market cap', formatCompact(q?.marketCap)],
    ['P/E', formatNumber(q?.pe)],
  ];

  return (
    <div className="portfolio-stock">
      <div className="portfolio-tabs" role="tablist" aria-label="Chart period">
        {PERIODS.map((p) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            aria-selected={p.id === period}
            className="portfolio-tabs__tab"
            onClick={() => setPeriod(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${label} closing price`}>
        {chart}
      </div>
      <dl className="portfolio-tiles" aria-label={`${symbol} quote`}>
        {tiles.map(([name, value]) => (
          <div key={name} className="portfolio-tile">
            <dt>{name}</dt>
            <dd>{quote.isPending ? '…' : value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
