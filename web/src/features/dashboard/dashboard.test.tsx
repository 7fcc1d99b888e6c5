import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedPitchRow } from '../../../../shared/schemas/valuation-api';
import type { WatchListItem } from '../../../../shared/schemas/watchlist';
import { json, quotesAnswer, stubApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { setSession, signedIn } from '../../test/session-mock';
import { Component as Dashboard } from './routes/dashboard';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

let portfolios: object[] = [];
let tracked: TrackedPitchRow[] = [];
let watch: WatchListItem[] = [];
let prices: Record<string, number> = {};
let transactions: Record<string, object[]> = {};
let alerts: object[] = [];

const trade = (id: string, symbol: string, time: string, side = 'buy') => ({
  transaction_id: id,
  symbol,
  side,
  quantity: 10,
  price: 100,
  value_cents: 100_000,
  time,
  order_type: 'market',
  order_id: null,
  valuation_id: null,
});

const alert = (id: string, symbol: string, lastTriggeredAt: string | null) => ({
  alert_id: id,
  stock_symbol: symbol,
  kind: 'price',
  direction: 'above',
  threshold: 200,
  margin_pct: null,
  trigger_price: 200,
  valuation_id: null,
  state: lastTriggeredAt ? 'triggered' : 'armed',
  description: `${symbol} price rises above $200.00`,
  createdAt: '2025-01-01T00:00:00Z',
  lastTriggeredAt,
});

const portfolio = (id: string, name: string, navCents: number, irr: number, index: number) => ({
  id,
  portfolio_id: id,
  portfolio_name: name,
  investment_value: 1000,
  investment_cents: 100_000,
  inception_date: '2024-03-05T10:00:00.000Z',
  date_time: null,
  cash_cents: 0,
  reserved_cents: 0,
  created_at: '2024-03-05T10:00:00.000Z',
  updated_at: '2024-03-05T10:00:00.000Z',
  nav_cents: navCents,
  net_asset_value: navCents / 100,
  holdings_value_cents: navCents,
  stocks_held: 1,
  irr: { kind: 'annualised', rate: irr },
  twr: { kind: 'annualised', rate: irr },
  benchmark: {
    kind: 'annualised',
    rate: index,
    symbol: '^GSPC',
    name: 'S&P 500',
    value_cents: null,
  },
  missing_quotes: [],
  stale: false,
});

const trackedRow = (id: string, symbol: string, cost: number, intrinsic: number) => ({
  id,
  valuation_id: id,
  stock_symbol: symbol,
  stock_name: `${symbol} Inc.`,
  valuation_type_id: 1,
  tracked_market_price: cost,
  market_price: cost,
  intrinsic_value_per_share: intrinsic,
  holding_period: 3,
  trackedAt: '2025-01-02T00:00:00Z',
});

const watched = (symbol: string, change: number | null): WatchListItem => ({
  stock_symbol: symbol,
  name: `${symbol} Corp`,
  price: 10,
  change: 0,
  changesPercentage: change,
  addedAt: '2025-01-02T00:00:00Z',
});

beforeEach(() => {
  setSession(signedIn());
  portfolios = [];
  tracked = [];
  watch = [];
  prices = {};
  transactions = {};
  alerts = [];
  stubApi(({ path, query, body }) => {
    switch (path) {
      case '/api/getPortfolioList':
        return json(200, {
          data: portfolios,
          total_porfolio_value: 0,
          total_portfolio_value_cents: 0,
          total_incomplete: false,
          asOf: '2025-01-02T15:00:00Z',
        });
      case '/api/trackedPitches':
        return json(200, { data: tracked, quotes: [], limit: 50 });
      case '/api/market/read':
        return quotesAnswer(query.symbols, prices);
      case '/api/getPortfolioHoldings': {
        const id = String(body?.portfolio_id);
        return json(200, {
          data: {
            portfolio: portfolios.find((p) => (p as { id: string }).id === id),
            holdings: [],
            open_orders: [],
            closed_orders: [],
            transactions: transactions[id] ?? [],
          },
          asOf: '2025-01-02T15:00:00Z',
        });
      }
      case '/api/alerts/list':
        return json(200, { data: alerts, limit: 50 });
      case '/api/getWatchList':
        return json(200, {
          data: watch,
          source: 'demo',
          stale: false,
          asOf: '2025-01-02T15:00:00Z',
        });
      default:
        return undefined;
    }
  });
});

const show = () =>
  renderWithProviders(
    <MemoryRouter>
      <Dashboard />
    </MemoryRouter>,
  );
const card = (name: string) => screen.getByRole('region', { name });

describe('/Dashboard', () => {
  it('shows each portfolio against the S&P 500, the pitches to revisit and the biggest movers', async () => {
    portfolios = [portfolio('pf-1', 'Growth', 123_456, 0.1234, 0.08)];
    tracked = [trackedRow('t1', 'AAPL', 100, 120), trackedRow('t2', 'MSFT', 100, 90)];
    prices = { AAPL: 110, MSFT: 105 };
    watch = [watched('KO', 0.5), watched('PEP', -3.2), watched('XOM', 1.1), watched('T', null)];
    show();

    const growth = await screen.findByTestId('dashboard-portfolio-pf-1');
    expect(growth.textContent).toContain('$1,234.56');
    expect(growth.textContent).toContain('12.34% p.a.; S&P 500 8.00% p.a.');

    // MSFT at 105 is above its intrinsic value of 90: revisit. AAPL at 110 is below 120.
    const attention = card('Needs Attention');
    expect(await within(attention).findByText('MSFT Inc.')).toBeTruthy();
    expect(within(attention).queryByText('AAPL Inc.')).toBeNull();
    expect(within(attention).getByText('Revisit Investment Idea')).toBeTruthy();

    const movers = card('Watchlist Movers Today');
    await within(movers).findByText('PEP Corp');
    const names = within(movers)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.dashboard__name')?.textContent);
    expect(names).toEqual(['PEP Corp', 'XOM Corp', 'KO Corp']);
    expect(within(movers).getByText('-3.20%')).toBeTruthy();
  });

  it('lists the latest trades of every portfolio, newest first, and the alerts that fired', async () => {
    portfolios = [
      portfolio('pf-1', 'Growth', 100_000, 0, 0),
      portfolio('pf-2', 'Income', 100_000, 0, 0),
    ];
    transactions = {
      'pf-1': [
        trade('t1', 'AAPL', '2025-01-02T15:00:00Z'),
        trade('t2', 'MSFT', '2024-12-01T15:00:00Z'),
      ],
      'pf-2': [trade('t3', 'KO', '2025-01-01T15:00:00Z', 'sell')],
    };
    alerts = [alert('a1', 'AAPL', '2025-01-02T16:00:00Z'), alert('a2', 'MSFT', null)];
    show();
    const trades = card('Recent Trades');
    await within(trades).findByText('Bought 10 AAPL');
    expect(
      within(trades)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.dashboard__name')?.textContent),
    ).toEqual(['Bought 10 AAPL', 'Sold 10 KO', 'Bought 10 MSFT']);
    expect(within(trades).getByText('Income, 2025-01-01')).toBeTruthy();
    const fired = card('Alerts That Fired');
    expect(await within(fired).findByText('AAPL price rises above $200.00')).toBeTruthy();
    expect(within(fired).queryByText('MSFT')).toBeNull();
  });

  it('says what to do next where something is empty', async () => {
    show();
    expect(
      await within(card('My Portfolios')).findByRole('link', { name: 'Create a portfolio' }),
    ).toBeTruthy();
    expect(await within(card('Needs Attention')).findByText(/Nothing tracked yet/)).toBeTruthy();
    expect(
      await within(card('Watchlist Movers Today')).findByText(/Your watchlist is empty/),
    ).toBeTruthy();
  });
});
