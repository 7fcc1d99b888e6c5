import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { formatPercent } from '../../../../../shared/format/money';
import { formatQuantity } from '../../../../../shared/portfolio/money';
import { REVISIT, trackedPitchRows, type LiveQuote } from '../../../../../shared/tracking/figures';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { useAlerts } from '../../alerts/api/alerts-api';
import { portfolioHoldingsQuery, usePortfolioList } from '../../portfolio/api/portfolio-api';
import { formatCents, formatReturn } from '../../portfolio/returns';
import { useTrackedPitches, useTrackedQuotes } from '../../tracking/api/tracking-api';
import { useWatchList } from '../../watchlist/api/watchlist-api';
import '../dashboard.css';

/** How many of the watchlist's moves the dashboard shows: the largest, up or down. */
export const MOVERS_SHOWN = 3;
/** How many of the latest trades and fired alerts it shows. */
export const RECENT_SHOWN = 5;
/** Trades are read from this many portfolios at most (the first of the list). */
const PORTFOLIOS_READ = 10;

/**
 * /Dashboard: "how am I doing" on one page. Each portfolio's value and its return against the
 * S&P 500, the tracked pitches the market has gone past (Revisit Investment Idea), the
 * watchlist's biggest moves today, the latest trades, the alerts that fired, and the next
 * step wherever something is empty.
 */
export function Component() {
  return (
    <Page title="Dashboard" className="dashboard">
      <div className="dashboard__grid">
        <Portfolios />
        <NeedsAttention />
        <Movers />
        <RecentTrades />
        <FiredAlerts />
      </div>
    </Page>
  );
}

function Card({
  title,
  more,
  children,
}: {
  title: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
}) {
  const id = `dashboard-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="dashboard__card" aria-labelledby={id}>
      <header className="dashboard__card-head">
        <h2 id={id}>{title}</h2>
        {more && <Link to={more.to}>{more.label}</Link>}
      </header>
      {children}
    </section>
  );
}

function Portfolios() {
  const list = usePortfolioList('');
  const rows = list.data?.data ?? [];
  return (
    <Card title="My Portfolios" more={{ to: paths.portfolio, label: 'Open Portfolio' }}>
      {list.isPending ? (
        <Loading label="Loading portfolios…" />
      ) : list.isError ? (
        <p className="notice notice--error">Your portfolios could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="dashboard__next">
          No portfolio yet. <Link to={paths.portfolio}>Create a portfolio</Link> with seed capital,
          then buy from your pitches.
        </p>
      ) : (
        <ul className="dashboard__list">
          {rows.map((row) => (
            <li key={row.portfolio_id} data-testid={`dashboard-portfolio-${row.portfolio_id}`}>
              <span className="dashboard__name">{row.portfolio_name}</span>
              <span className="dashboard__figure">{formatCents(row.nav_cents)}</span>
              <span className="dashboard__detail">
                {formatReturn(row.irr)}; S&amp;P 500 {formatReturn(row.benchmark)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function NeedsAttention() {
  const tracked = useTrackedPitches();
  const records = useMemo(() => tracked.data?.data ?? [], [tracked.data]);
  const quotes = useTrackedQuotes(useMemo(() => records.map((r) => r.stock_symbol), [records]));
  const revisit = useMemo(() => {
    const live: LiveQuote[] = [...(tracked.data?.quotes ?? []), ...(quotes.data ?? [])];
    return trackedPitchRows(records, live).filter((r) => r.figures.status === REVISIT);
  }, [records, tracked.data, quotes.data]);
  return (
    <Card title="Needs Attention" more={{ to: paths.trackedPitches, label: 'My Tracked Pitches' }}>
      {tracked.isPending ? (
        <Loading label="Loading tracked pitches…" />
      ) : tracked.isError ? (
        <p className="notice notice--error">Your tracked pitches could not be loaded.</p>
      ) : records.length === 0 ? (
        <p className="dashboard__next">
          Nothing tracked yet. Open <Link to={paths.pitches}>My Pitches</Link> and track one to see
          how the market treats it.
        </p>
      ) : revisit.length === 0 ? (
        <p className="dashboard__next">
          All {records.length} tracked {records.length === 1 ? 'pitch is' : 'pitches are'} on track:
          the market price is at or below your intrinsic value.
        </p>
      ) : (
        <ul className="dashboard__list">
          {revisit.map(({ record, figures }) => (
            <li key={record.id}>
              <span className="dashboard__name">
                {record.stock_name?.trim() || record.stock_symbol}
              </span>
              <span className="dashboard__figure is-bad">{REVISIT}</span>
              <span className="dashboard__detail">
                ${figures.display.marketPrice} against your $
                {figures.display.intrinsicValuePerShare}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Movers() {
  const watch = useWatchList();
  const movers = useMemo(
    () =>
      (watch.data?.data ?? [])
        .filter((w) => w.changesPercentage !== null)
        .sort((a, b) => Math.abs(b.changesPercentage!) - Math.abs(a.changesPercentage!))
        .slice(0, MOVERS_SHOWN),
    [watch.data],
  );
  return (
    <Card title="Watchlist Movers Today" more={{ to: paths.watchlist, label: 'Watchlist' }}>
      {watch.isPending ? (
        <Loading label="Loading the watchlist…" />
      ) : watch.isError ? (
        <p className="notice notice--error">Your watchlist could not be loaded.</p>
      ) : movers.length === 0 ? (
        <p className="dashboard__next">
          Your watchlist is empty. Find a company on the <Link to={paths.market}>Market</Link> page
          and add it to your watchlist.
        </p>
      ) : (
        <ul className="dashboard__list">
          {movers.map((w) => (
            <li key={w.stock_symbol}>
              <span className="dashboard__name">{w.name ?? w.stock_symbol}</span>
              <span
                className={`dashboard__figure ${w.changesPercentage! >= 0 ? 'is-good' : 'is-bad'}`}
              >
                {w.changesPercentage! > 0 ? '+' : ''}
                {formatPercent(w.changesPercentage)}
              </span>
              <span className="dashboard__detail">{w.stock_symbol}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RecentTrades() {
  const list = usePortfolioList('');
  const rows = (list.data?.data ?? []).slice(0, PORTFOLIOS_READ);
  const holdings = useQueries({
    queries: rows.map((row) => portfolioHoldingsQuery(row.portfolio_id)),
  });
  const pending = list.isPending || holdings.some((h) => h.isPending);
  const trades = holdings
    .flatMap((h, i) =>
      (h.data?.transactions ?? []).map((t) => ({ ...t, portfolio: rows[i]!.portfolio_name })),
    )
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, RECENT_SHOWN);
  return (
    <Card title="Recent Trades" more={{ to: paths.portfolio, label: 'Portfolio' }}>
      {pending ? (
        <Loading label="Loading trades…" />
      ) : list.isError || holdings.some((h) => h.isError) ? (
        <p className="notice notice--error">Your trades could not be loaded.</p>
      ) : trades.length === 0 ? (
        <p className="dashboard__next">
          No trade yet. Buy from a pitch in <Link to={paths.pitches}>My Pitches</Link>, or with the
          Invests form on <Link to={paths.portfolio}>Portfolio</Link>.
        </p>
      ) : (
        <ul className="dashboard__list">
          {trades.map((t) => (
            <li key={t.transaction_id}>
              <span className="dashboard__name">
                {`${t.side === 'buy' ? 'Bought' : 'Sold'} ${formatQuantity(t.quantity)} ${t.symbol}`}
              </span>
              <span className="dashboard__figure">{formatCents(t.value_cents)}</span>
              <span className="dashboard__detail">
                {t.portfolio}, {formatDisplayDate(t.time)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function FiredAlerts() {
  const alerts = useAlerts();
  const fired = (alerts.data?.data ?? [])
    .filter((a) => a.lastTriggeredAt !== null)
    .sort((a, b) => b.lastTriggeredAt!.localeCompare(a.lastTriggeredAt!))
    .slice(0, RECENT_SHOWN);
  return (
    <Card title="Alerts That Fired" more={{ to: paths.alerts, label: 'My Alerts' }}>
      {alerts.isPending ? (
        <Loading label="Loading alerts…" />
      ) : alerts.isError ? (
        <p className="notice notice--error">Your alerts could not be loaded.</p>
      ) : fired.length === 0 ? (
        <p className="dashboard__next">
          {alerts.data.data.length === 0
            ? 'No alert set. Set one on a pitch in My Pitches, and Mr. Market emails you when the price crosses it.'
            : 'None of your alerts has fired yet.'}
        </p>
      ) : (
        <ul className="dashboard__list">
          {fired.map((a) => (
            <li key={a.alert_id}>
              <span className="dashboard__name">{a.stock_symbol}</span>
              <span className="dashboard__figure">{formatDisplayDate(a.lastTriggeredAt)}</span>
              <span className="dashboard__detail">{a.description}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
