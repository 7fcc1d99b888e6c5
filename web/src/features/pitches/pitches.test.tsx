import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ValuationRecord } from '../../../../shared/schemas/valuation-api';
import { computeValuation, toStoredOutputs, type PEInput } from '../../../../shared/valuation';
import { setSession, signedIn } from '../../test/session-mock';
import { json, quotesAnswer, stubApi, type ApiCall } from '../../test/api-mock';
import { captureCsvDownloads } from '../../test/csv-downloads';
import { renderWithProviders } from '../../test/render-with-providers';
import { filterPitches, pitchFigures } from './figures';
import { Component as PitchesScreen } from './routes/pitches';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

/** A pitched P/E valuation whose outputs come from the shared math at `price`. */
function pitch(
  id: string,
  symbol: string,
  name: string | null,
  price: number,
  eps = 6.5,
): ValuationRecord {
  const input: PEInput = {
    valuation_type_id: 1,
    earnings_per_share: eps,
    growth_ratein_eps: 9,
    forward_multiple: 18,
    market_price: price,
    holding_period: 3,
  };
  const result = computeValuation(input);
  if (!result.ok) throw new Error(result.message);
  const outputs = toStoredOutputs(result) as unknown as Record<string, number>;
  return {
    ...input,
    id,
    valuation_id: id,
    stock_symbol: symbol,
    stock_name: name,
    tracked_market_price: price,
    intrinsic_value_per_share: outputs.intrinsic_value_per_share!,
    premium: outputs.premium!,
    cumulative_loss: outputs.cumulative_loss!,
    irr: outputs.irr!,
    moic: outputs.moic!,
    earnings_per_share_at_endof_hold: outputs.earnings_per_share_at_endof_hold!,
    moats: ['Brand(s)'],
    comment: 'Durable franchise',
    pitch_status: 1,
    valuation_output_id: `out-${id}`,
    ignored: false,
    bought_into: [],
    createdAt: '2025-01-02T00:00:00Z',
    updatedAt: '2025-01-02T00:00:00Z',
  };
}

let pitches: ValuationRecord[] = [];
let prices: Record<string, number> = {};
let portfolios: Array<{ id: string; portfolio_name: string }> = [];
let calls: ApiCall[] = [];
let failures: Record<string, { status: number; message: string }> = {};

function portfolioRow(p: { id: string; portfolio_name: string }) {
  return {
    ...p,
    portfolio_id: p.id,
    investment_value: 1000,
    investment_cents: 100_000,
    inception_date: '2024-03-05T10:00:00.000Z',
    date_time: null,
    cash_cents: 100_000,
    reserved_cents: 0,
    created_at: '2024-03-05T10:00:00.000Z',
    updated_at: '2024-03-05T10:00:00.000Z',
    nav_cents: 100_000,
    net_asset_value: 1000,
    holdings_value_cents: 0,
    stocks_held: 0,
    irr: { kind: 'cumulative', rate: 0 },
    twr: { kind: 'cumulative', rate: 0 },
    benchmark: {
      kind: 'cumulative',
      rate: 0,
      symbol: '^GSPC',
      name: 'S&P 500',
      value_cents: 100_000,
    },
    missing_quotes: [],
    stale: false,
  };
}

beforeEach(() => {
  setSession(signedIn('Ada Lovelace'));
  pitches = [];
  prices = {};
  portfolios = [];
  failures = {};
  calls = stubApi(({ path, query, body }) => {
    const failure = failures[path];
    if (failure) return json(failure.status, { message: failure.message });
    switch (path) {
      case '/api/user':
        return json(200, {
          user: {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            profile: null,
            profile_image_url: null,
          },
        });
      case '/api/myValuation':
        return json(200, { data: pitches, quotes: [] });
      case '/api/market/read':
        return quotesAnswer(query.symbols, prices, { change: 1.25, changesPercentage: 0.84 });
      case '/api/update-pitch':
        return json(200, { message: 'Pitch Updated Successfully!', data: pitches[0] });
      case '/api/deletePitch':
        pitches = pitches.filter((p) => p.id !== body?.valuation_id);
        return json(200, {
          message: 'Pitch Deleted Successfully!',
          valuation_id: body?.valuation_id,
        });
      case '/api/ignoreValuation': {
        const ignored = pitches.find((p) => p.id === body?.valuation_id);
        pitches = pitches.filter((p) => p !== ignored);
        return json(200, {
          message: 'Valuation Ignored Successfully',
          data: { ...ignored, ignored: true },
        });
      }
      case '/api/buyPitch':
        return json(200, { message: 'Pitch Added successfully!', data: pitches[0] });
      case '/api/getPortfolioList':
        return json(200, {
          data: portfolios.map(portfolioRow),
          total_porfolio_value: 0,
          total_portfolio_value_cents: 0,
          total_incomplete: false,
          asOf: '2025-01-02T00:00:00Z',
        });
      default:
        return undefined;
    }
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderScreen() {
  const { client } = renderWithProviders(
    <MemoryRouter initialEntries={['/Pitches']}>
      <Routes>
        <Route path="/Pitches" element={<PitchesScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return client;
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').querySelector('button')?.textContent);

describe('filterPitches', () => {
  const list = [
    { stock_symbol: 'AAPL', stock_name: 'Apple Inc.' },
    { stock_symbol: 'MSFT', stock_name: 'Microsoft Corporation' },
    { stock_symbol: 'KO', stock_name: null },
  ];
  it('matches the stock name or symbol whatever the case', () => {
    expect(filterPitches(list, 'apple').map((p) => p.stock_symbol)).toEqual(['AAPL']);
    expect(filterPitches(list, 'msf').map((p) => p.stock_symbol)).toEqual(['MSFT']);
    expect(filterPitches(list, 'CORP').map((p) => p.stock_symbol)).toEqual(['MSFT']);
    expect(filterPitches(list, 'ko').map((p) => p.stock_symbol)).toEqual(['KO']);
    expect(filterPitches(list, '  ').map((p) => p.stock_symbol)).toEqual(['AAPL', 'MSFT', 'KO']);
    expect(filterPitches(list, 'zzz')).toEqual([]);
  });
});

describe('pitchFigures', () => {
  it('recomputes the margin and expected returns at the live price with the shared math', () => {
    const saved = pitch('p1', 'AAPL', 'Apple Inc.', 100);
    // EPS 6.5 grown 9 % for 3 years x 18 = 151.5184...
    expect(saved.intrinsic_value_per_share).toBeCloseTo(151.52, 2);
    const live = pitchFigures(saved, 200);
    expect(live.live).toBe(true);
    expect(live.marketPrice).toBe(200);
    expect(live.marginLabel).toBe('Premium');
    expect(live.marginPercent).toBeCloseTo((200 / saved.intrinsic_value_per_share - 1) * 100, 8);
    expect(live.gainLabel).toBe('Expected Loss');
    expect(live.moic).toBeCloseTo(saved.intrinsic_value_per_share / 200, 10);
    const stored = pitchFigures(saved, null);
    expect(stored.live).toBe(false);
    expect(stored.marginLabel).toBe('Margin Of Safety');
    expect(stored.marginPercent).toBe(saved.premium);
  });
});

describe('My Pitches', () => {
  it('filters the list by name or symbol as the user types', async () => {
    pitches = [
      pitch('p1', 'AAPL', 'Apple Inc.', 100),
      pitch('p2', 'MSFT', 'Microsoft Corporation', 100),
      pitch('p3', 'KO', null, 100),
    ];
    renderScreen();
    await screen.findByRole('button', { name: 'Apple Inc.' });
    expect(rowNames()).toEqual(['Apple Inc.', 'Microsoft Corporation', 'KO']);
    const search = screen.getByPlaceholderText('Search for Pitches');
    fireEvent.change(search, { target: { value: 'msft' } });
    expect(rowNames()).toEqual(['Microsoft Corporation']);
    fireEvent.change(search, { target: { value: 'APPLE' } });
    expect(rowNames()).toEqual(['Apple Inc.']);
    fireEvent.change(search, { target: { value: 'nothing' } });
    expect(screen.getByText(/No pitch matches/)).toBeTruthy();
  });

  it('exports the pitches the list shows as a CSV file with named headers and unformatted numbers', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100), pitch('p2', 'KO', 'Coca-Cola, Co.', 100)];
    prices = { AAPL: 120.5 };
    const files = captureCsvDownloads();
    renderScreen();
    await screen.findByText('$120.50');
    fireEvent.change(screen.getByPlaceholderText('Search for Pitches'), {
      target: { value: 'co' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of My Pitches' }));
    const [file] = await waitFor(async () => {
      const saved = await files.downloads();
      expect(saved).toHaveLength(1);
      return saved;
    });
    expect(file?.fileName).toMatch(/^mr-market-my-pitches-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = file?.rows ?? [];
    const cell = (row: string[] | undefined, name: string) => row?.[header!.indexOf(name)];
    expect(header?.slice(0, 5)).toEqual([
      'Symbol',
      'Company Name',
      'Methodology',
      'Status',
      'Market Price',
    ]);
    expect(rows).toHaveLength(1);
    const expected = pitchFigures(pitches[1]!);
    expect(cell(rows[0], 'Company Name')).toBe('Coca-Cola, Co.');
    expect(cell(rows[0], 'Methodology')).toBe('P/E');
    expect(cell(rows[0], 'Status')).toBe('Pitched');
    expect(Number(cell(rows[0], 'Intrinsic Value Per Share'))).toBe(
      expected.intrinsicValuePerShare,
    );
    expect(Number(cell(rows[0], 'IRR (%)'))).toBe(expected.irrPercent);
  });

  it('shows the live market price in the list and the summary, with the user beside Mr. Market', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100)];
    prices = { AAPL: 120.5 };
    renderScreen();
    await screen.findByText('$120.50');
    fireEvent.click(screen.getByRole('button', { name: 'Apple Inc.' }));
    const pane = screen.getByRole('region', { name: 'P/E Valuation: Apple Inc.' });
    expect(within(pane).getByRole('heading', { name: 'P/E Valuation' })).toBeTruthy();
    expect(within(pane).getByText('Mr. Market')).toBeTruthy();
    await within(pane).findByText('Ada Lovelace');
    expect(within(pane).getByTestId('pitch-market-price').textContent).toBe('$120.50');
    expect(within(pane).getByTestId('pitch-intrinsic-value').textContent).toBe('$151.52');
    expect(within(pane).getByText('Margin Of Safety')).toBeTruthy();
    expect(within(pane).getByText('+1.25 (+0.84%)')).toBeTruthy();
    expect(within(pane).getByText('3 years')).toBeTruthy();
    expect(within(pane).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/Market/p1',
    );

    // View shows the model's inputs read-only; Back returns; the close icon closes.
    fireEvent.click(within(pane).getByRole('button', { name: 'View' }));
    const eps = within(pane).getByLabelText('Earnings Per Share') as HTMLInputElement;
    expect(eps.value).toBe('6.50');
    expect(eps.readOnly).toBe(true);
    fireEvent.click(within(pane).getByRole('button', { name: 'Back' }));
    expect(within(pane).getByText('Expected IRR')).toBeTruthy();
    fireEvent.click(within(pane).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /P\/E Valuation/ })).toBeNull();
  });

  it('tracks a pitch and goes to My Tracked Pitches', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100)];
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Inc.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    await screen.findByText('Pitch Updated Successfully!');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/Mytrackedpitches'));
    expect(calls.find((c) => c.path === '/api/update-pitch')?.body).toEqual({ valuation_id: 'p1' });
  });

  it('says the tracking limit is reached and stays on the page', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100)];
    failures['/api/update-pitch'] = { status: 409, message: 'Tracking Limit Reached!' };
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Inc.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    await screen.findByText('Tracking Limit Reached!');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('removes a pitch from the row icon once confirmed, and closes its pane', async () => {
    pitches = [
      pitch('p1', 'AAPL', 'Apple Inc.', 100),
      pitch('p2', 'MSFT', 'Microsoft Corporation', 100),
    ];
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Inc.' }));
    // One click only asks, naming the pitch; Cancel keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Apple Inc.' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete the pitch Apple Inc.?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/api/deletePitch')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Apple Inc.' }));
    dialog = screen.getByRole('dialog', { name: 'Delete the pitch Apple Inc.?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete pitch' }));
    await screen.findByText('Pitch Deleted Successfully!');
    await waitFor(() => expect(rowNames()).toEqual(['Microsoft Corporation']));
    expect(screen.queryByRole('region', { name: /P\/E Valuation/ })).toBeNull();
  });

  it('ignores a pitch', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100)];
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Inc.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ignore' }));
    await screen.findByText('Valuation Ignored Successfully');
    expect(calls.find((c) => c.path === '/api/ignoreValuation')?.body).toEqual({
      valuation_id: 'p1',
    });
    await screen.findByRole('link', { name: 'Pitch a Stock' });
  });

  it('buys into the chosen portfolio, saying how much before it buys', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100)];
    portfolios = [
      { id: 'pf-1', portfolio_name: 'Growth' },
      { id: 'pf-2', portfolio_name: 'Income' },
    ];
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Inc.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Apple Inc.' });
    const select = await within(dialog).findByLabelText('Select Portfolio');
    const buy = within(dialog).getByRole('button', { name: 'Buy' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    // The default is stated, and what it would buy is shown once a portfolio is chosen.
    expect(within(dialog).getByText(/Buy invests 5% of the portfolio's value/)).toBeTruthy();
    fireEvent.change(select, { target: { value: 'pf-2' } });
    // $1,000.00 of NAV: 5% is $50.00, half a share at $100.
    expect(within(dialog).getByRole('status').textContent).toBe(
      'About 0.5 shares at $100.00: $50.00, fee $0.00, cash after $950.00. The order fills at the quote when you buy.',
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Amount' }));
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '300' } });
    expect(within(dialog).getByRole('status').textContent).toContain(
      'About 3 shares at $100.00: $300.00, fee $0.00, cash after $700.00',
    );
    fireEvent.click(buy);
    await screen.findByText('Pitch Added successfully!');
    expect(calls.find((c) => c.path === '/api/buyPitch')?.body).toEqual({
      stock_symbol: 'AAPL',
      portfolio_id: 'pf-2',
      valuation_type_id: 1,
      valuation_id: 'p1',
      valuation_output_id: 'out-p1',
      invest_by: 'amount',
      amount: '300',
    });
    // The confirmation names the portfolio and offers the spec's "Go to Portfolio".
    const done = await screen.findByRole('dialog', { name: 'Bought Apple Inc.' });
    expect(within(done).getByRole('status').textContent).toBe('Apple Inc. was bought into Income.');
    expect(within(done).getByRole('link', { name: 'Go to Portfolio' }).getAttribute('href')).toBe(
      '/Portfolio',
    );
    fireEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('will not buy more than the portfolio has cash for', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100)];
    portfolios = [{ id: 'pf-1', portfolio_name: 'Growth' }];
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Inc.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Apple Inc.' });
    fireEvent.change(await within(dialog).findByLabelText('Select Portfolio'), {
      target: { value: 'pf-1' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Quantity' }));
    fireEvent.change(within(dialog).getByLabelText('Quantity (shares)'), {
      target: { value: '20' },
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Not enough cash in this portfolio: it has $1,000.00 free.',
    );
    expect(
      (within(dialog).getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('offers to create a portfolio when there is none to buy into', async () => {
    pitches = [pitch('p1', 'AAPL', 'Apple Inc.', 100)];
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Apple Inc.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('You have not created your portfolio yet.');
    expect(
      within(dialog).getByText('Mr. Market is waiting for you to add stocks to your portfolio.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Create Portfolio' }).getAttribute('href'),
    ).toBe('/Portfolio');
  });

  it('shows a way to pitch a stock when there is no pitch', async () => {
    renderScreen();
    const link = await screen.findByRole('link', { name: 'Pitch a Stock' });
    expect(link.getAttribute('href')).toBe('/Market');
  });
});
