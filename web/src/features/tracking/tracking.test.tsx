import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedPitchRow } from '../../../../shared/schemas/valuation-api';
import { setSession, signedIn } from '../../test/session-mock';
import { json, quotesAnswer, stubApi, type ApiCall } from '../../test/api-mock';
import { captureCsvDownloads } from '../../test/csv-downloads';
import { renderWithProviders } from '../../test/render-with-providers';
import { groupIntrinsicInput } from './intrinsic-input';
import { Component as TrackedPitches } from './routes/tracked-pitches';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

function row(
  id: string,
  symbol: string,
  name: string,
  cost: number,
  intrinsic: number,
): TrackedPitchRow {
  return {
    id,
    valuation_id: id,
    stock_symbol: symbol,
    stock_name: name,
    valuation_type_id: 1,
    tracked_market_price: cost,
    market_price: cost,
    intrinsic_value_per_share: intrinsic,
    holding_period: 3,
    trackedAt: '2025-01-02T00:00:00Z',
  };
}

let rows: TrackedPitchRow[] = [];
let prices: Record<string, number> = {};
let calls: ApiCall[] = [];

const count = (path: string) => calls.filter((c) => c.path === path).length;

beforeEach(() => {
  setSession(signedIn());
  rows = [];
  prices = {};
  calls = stubApi(({ path, query, body }) => {
    switch (path) {
      case '/api/trackedPitches': {
        if (body && 'valuation_id' in body) {
          const target = rows.find((r) => r.id === body.valuation_id)!;
          target.intrinsic_value_per_share = Number(body.intrinsic_value_per_share);
          return json(200, { message: 'Pitch Updated Successfully!', data: valuationOf(target) });
        }
        // Quotes in the list answer are the stored ones; the live ones come from the market reads.
        return json(200, { data: rows.map((r) => ({ ...r })), quotes: [], limit: 50 });
      }
      case '/api/market/read':
        return quotesAnswer(query.symbols, prices);
      case '/api/deletePitch':
        rows = rows.filter((r) => r.id !== body?.valuation_id);
        return json(200, {
          message: 'Pitch Deleted Successfully!',
          valuation_id: body?.valuation_id,
        });
      default:
        return undefined;
    }
  });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The record the tracked update answers with (only the fields the screen reads matter). */
function valuationOf(r: TrackedPitchRow) {
  return {
    ...r,
    market_price: r.market_price,
    forward_multiple: 18,
    premium: 0,
    cumulative_loss: 0,
    irr: 0,
    moic: 1,
    moats: [],
    comment: '',
    pitch_status: 2,
    valuation_output_id: 'out',
    ignored: false,
    bought_into: [],
    valuation_type_id: 1,
    createdAt: '2025-01-02T00:00:00Z',
    updatedAt: '2025-01-02T00:00:00Z',
  };
}

function renderScreen() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/Mytrackedpitches']}>
      <TrackedPitches />
    </MemoryRouter>,
  );
}

function cells(symbol: string) {
  const tr = screen.getByTestId(`tracked-row-${symbol}`);
  const cell = (col: string) =>
    tr.querySelector(`[data-col="${col}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
  return {
    tr,
    price: cell('price'),
    cost: cell('cost'),
    intrinsic: cell('intrinsic'),
    margin: cell('margin'),
    actual: cell('actual'),
    expected: cell('expected'),
    actualMoic: cell('actual-moic'),
    expectedMoic: cell('expected-moic'),
    status: cell('status'),
  };
}

describe('groupIntrinsicInput', () => {
  it('keeps thousands separators while typing', () => {
    expect(groupIntrinsicInput('1234567.891')).toBe('1,234,567.891');
    expect(groupIntrinsicInput('1,2345')).toBe('12,345');
    expect(groupIntrinsicInput('00012')).toBe('12');
    expect(groupIntrinsicInput('.5')).toBe('0.5');
    expect(groupIntrinsicInput('12.3.4')).toBe('12.34');
    expect(groupIntrinsicInput('abc')).toBe('');
  });
});

describe('My Tracked Pitches', () => {
  it('computes every figure and the status of each row from that row', async () => {
    rows = [
      row('v1', 'AAPL', 'Apple Inc.', 100, 150),
      row('v2', 'MSFT', 'Microsoft Corporation', 200, 180),
      row('v3', 'KO', 'Coca-Cola Company', 50, 50),
    ];
    prices = { AAPL: 120, MSFT: 190 };
    renderScreen();
    expect(await screen.findByRole('table', { name: 'My Tracked Pitches' })).toBeTruthy();
    await waitFor(() => expect(cells('AAPL').price).toBe('$120.00'));

    expect(cells('AAPL')).toMatchObject({
      cost: '$100.00',
      intrinsic: '$150.00',
      margin: 'Margin of Safety 20.00%',
      actual: 'Gain 20.00%',
      expected: 'Gain 50.00%',
      actualMoic: '1.20x',
      expectedMoic: '1.50x',
      status: 'On Track',
    });
    expect(cells('MSFT')).toMatchObject({
      price: '$190.00',
      cost: '$200.00',
      margin: 'Premium 5.56%',
      actual: 'Loss 5.00%',
      expected: 'Loss 10.00%',
      actualMoic: '0.95x',
      expectedMoic: '0.90x',
      status: 'Revisit Investment Idea',
    });
    // No live quote: the stored price, equal to intrinsic value, is On Track.
    expect(cells('KO')).toMatchObject({
      price: '$50.00',
      margin: 'Margin of Safety 0.00%',
      status: 'On Track',
    });
    expect(
      within(cells('AAPL').tr).getByRole('link', { name: 'Edit Apple Inc.' }).getAttribute('href'),
    ).toBe('/Market/v1');
  });

  it('exports the rows as a CSV file with the figures unformatted and signed', async () => {
    rows = [row('v1', 'AAPL', 'Apple Inc.', 100, 150), row('v2', 'MSFT', 'Microsoft', 200, 180)];
    prices = { AAPL: 120, MSFT: 190 };
    const files = captureCsvDownloads();
    renderScreen();
    await waitFor(() => expect(cells('AAPL').price).toBe('$120.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of My Tracked Pitches' }));
    const [file] = await waitFor(async () => {
      const saved = await files.downloads();
      expect(saved).toHaveLength(1);
      return saved;
    });
    const [header, ...data] = file?.rows ?? [];
    const pick = (symbol: string, name: string) =>
      data.find((r) => r[0] === symbol)?.[header!.indexOf(name)];
    expect(data).toHaveLength(2);
    expect(pick('AAPL', 'Market Price')).toBe('120');
    expect(pick('AAPL', 'Actual Gain (%)')).toBe('20');
    expect(pick('MSFT', 'Actual Gain (%)')).toBe('-5');
    expect(pick('MSFT', 'Expected MOIC')).toBe('0.9');
    expect(pick('MSFT', 'Status')).toBe('Revisit Investment Idea');
  });

  it('keeps an edit in progress when the quotes refresh after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rows = [row('v1', 'AAPL', 'Apple Inc.', 100, 150)];
    prices = { AAPL: 120 };
    renderScreen();
    await waitFor(() => expect(cells('AAPL').price).toBe('$120.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit intrinsic value of Apple Inc.' }));
    const input = screen.getByLabelText(
      'Intrinsic Value Per Share of Apple Inc.',
    ) as HTMLInputElement;
    expect(input.value).toBe('150.00');
    fireEvent.change(input, { target: { value: '1234.5' } });
    expect(input.value).toBe('1,234.5');

    prices = { AAPL: 160 };
    const quoteCalls = count('/api/market/read');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(cells('AAPL').price).toBe('$160.00'));
    expect(count('/api/market/read')).toBe(quoteCalls + 1);
    // The rows were not reloaded and the edit is still there, as typed.
    expect(count('/api/trackedPitches')).toBe(1);
    const still = screen.getByLabelText(
      'Intrinsic Value Per Share of Apple Inc.',
    ) as HTMLInputElement;
    expect(still).toBe(input);
    expect(still.value).toBe('1,234.5');
    expect(cells('AAPL').status).toBe('Revisit Investment Idea');
  });

  it('saves an edited intrinsic value with Update and shows the new status', async () => {
    rows = [
      row('v1', 'AAPL', 'Apple Inc.', 100, 150),
      row('v2', 'MSFT', 'Microsoft Corporation', 200, 180),
    ];
    prices = { AAPL: 120, MSFT: 190 };
    renderScreen();
    await waitFor(() => expect(cells('MSFT').status).toBe('Revisit Investment Idea'));
    fireEvent.click(
      screen.getByRole('button', { name: 'Edit intrinsic value of Microsoft Corporation' }),
    );
    const input = screen.getByLabelText('Intrinsic Value Per Share of Microsoft Corporation');

    // An empty value is refused on the spot.
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('alert').textContent).toBe('Intrinsic value per share is required');

    fireEvent.change(input, { target: { value: '2500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Pitch Updated Successfully!');
    expect(
      calls.find((c) => c.path === '/api/trackedPitches' && c.body?.valuation_id)?.body,
    ).toEqual({
      valuation_id: 'v2',
      intrinsic_value_per_share: 2500,
    });
    await waitFor(() => expect(cells('MSFT').intrinsic).toBe('$2,500.00'));
    expect(cells('MSFT').status).toBe('On Track');
    expect(cells('AAPL').status).toBe('On Track');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('the trash icon says it deletes the pitch, and deletes it only once confirmed', async () => {
    rows = [row('v1', 'AAPL', 'Apple Inc.', 100, 150)];
    renderScreen();
    const icon = await screen.findByRole('button', { name: 'Delete the pitch Apple Inc.' });
    expect(icon.getAttribute('title')).toBe('Delete the pitch (from My Pitches too)');
    fireEvent.click(icon);
    let dialog = screen.getByRole('dialog', { name: 'Delete the pitch Apple Inc.?' });
    expect(dialog.textContent).toContain('My Pitches');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/deletePitch')).toBe(false);
    fireEvent.click(icon);
    dialog = screen.getByRole('dialog', { name: 'Delete the pitch Apple Inc.?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete pitch' }));
    await screen.findByText('Pitch Deleted Successfully!');
    expect(calls.find((c) => c.path === '/api/deletePitch')?.body).toEqual({ valuation_id: 'v1' });
    await screen.findByText(/You are not tracking any pitch yet/);
  });

  it('shows an empty state with a way to the pitches', async () => {
    renderScreen();
    const link = await screen.findByRole('link', { name: 'Go to My Pitches' });
    expect(link.getAttribute('href')).toBe('/Pitches');
  });
});
