import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeHeatmap, type HeatmapCompany } from '../../../../shared/heatmap/data';
import { marketMap } from '../../../../shared/heatmap/layout';
import { NO_CHANGE_COLOUR, premiumStep, valueLegendSteps } from '../../../../shared/heatmap/scale';
import { premiumPercent, VALUE_GAP_LABELS } from '../../../../shared/heatmap/value';
import type { ValuationRecord } from '../../../../shared/schemas/valuation-api';
import { computeValuation, toStoredOutputs, type PEInput } from '../../../../shared/valuation';
import { envelope, json, stubApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { setSession, signedIn } from '../../test/session-mock';
import { mapHeight } from './components/HeatmapCanvas';
import { HeatmapPage } from './components/HeatmapPage';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

/*
 * The map coloured by each company's price against its own value (decision 195): the value at
 * its ten-year median P/E, or the signed-in user's own pitch, kept in the address with the
 * period, each step named in words and a company without a value named as such.
 */

const company = (
  symbol: string,
  sector: string,
  marketCap: number,
  premium: number | null,
  gap: HeatmapCompany['gap'] = null,
): HeatmapCompany => ({
  symbol,
  name: `${symbol} Corp`,
  sector,
  industry: sector === 'Energy' ? 'Oil & Gas' : 'Software',
  marketCap,
  changes: { '1D': 1, '1W': 1, '1M': -2, '3M': 8, '6M': -9, '1Y': 20, YTD: 5 },
  price: 100,
  value: premium === null ? null : 100 / (1 + premium / 100),
  multiple: premium === null ? null : 18,
  premium,
  gap,
});

const COMPANIES = [
  company('BIG', 'Technology', 3e12, -40),
  company('MID', 'Technology', 1e12, 12),
  company('OIL', 'Energy', 6e11, null, 'loss'),
  company('GAS', 'Energy', 2e11, null, 'history'),
];

/** A saved P/E pitch of `symbol` whose outputs come from the shared math. */
function pitch(id: string, symbol: string, eps: number): ValuationRecord {
  const input: PEInput = {
    valuation_type_id: 1,
    earnings_per_share: eps,
    growth_ratein_eps: 5,
    forward_multiple: 18,
    market_price: 100,
    holding_period: 3,
  };
  const result = computeValuation(input);
  if (!result.ok) throw new Error(result.message);
  const out = toStoredOutputs(result) as unknown as Record<string, number>;
  return {
    ...input,
    id,
    valuation_id: id,
    stock_symbol: symbol,
    stock_name: null,
    tracked_market_price: 100,
    intrinsic_value_per_share: out.intrinsic_value_per_share!,
    premium: out.premium!,
    cumulative_loss: out.cumulative_loss!,
    irr: out.irr!,
    moic: out.moic!,
    moats: [],
    comment: '',
    pitch_status: 1,
    valuation_output_id: `out-${id}`,
    ignored: false,
    bought_into: [],
    createdAt: '2026-01-02T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
  };
}

const fills: { style: string; x: number; y: number }[] = [];
const WIDTH = 900;

beforeEach(() => {
  fills.length = 0;
  setSession({ status: 'guest' });
  let fillStyle = '';
  const context = {
    // Each draw starts here: only the latest draw's fills are kept.
    setTransform: () => {
      fills.length = 0;
    },
    save: vi.fn(),
    restore: vi.fn(),
    beginPath: vi.fn(),
    rect: vi.fn(),
    clip: vi.fn(),
    set fillStyle(v: string) {
      fillStyle = v;
    },
    get fillStyle() {
      return fillStyle;
    },
    font: '',
    strokeStyle: '',
    lineWidth: 1,
    strokeRect: vi.fn(),
    fillRect: (x: number, y: number) => fills.push({ style: fillStyle, x, y }),
    fillText: vi.fn(),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, pitches: ValuationRecord[] = []) {
  const calls = stubApi((call) => {
    if (call.path === '/config.json')
      return json(200, { apiBaseUrl: '', marketClock: '2026-03-10T15:00:00Z' });
    if (call.path === '/api/market/heatmap')
      return json(200, {
        ...envelope(
          encodeHeatmap(COMPANIES, {
            snapshotAt: '2026-03-10T14:50:00.000Z',
            session: '2026-03-10',
            refreshMinutes: 15,
            stale: false,
          }),
          '2026-03-10T14:58:00Z',
        ),
        stale: false,
      });
    if (call.path === '/api/myValuation') return json(200, { data: pitches, quotes: [] });
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Heatmap" element={<HeatmapPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return calls;
}

/** The colour each company's tile was filled with, where the shared layout puts it. */
function tileFills(): Record<string, string | undefined> {
  const layout = marketMap(COMPANIES, WIDTH, mapHeight(WIDTH));
  return Object.fromEntries(
    layout.tiles.map((t) => [
      t.company.symbol,
      fills.find((f) => f.x === t.x + 0.5 && f.y === t.y + 0.5)?.style,
    ]),
  );
}

describe('the map coloured by value', () => {
  it('colours each company by its premium to its value at its median P/E, kept in the address', async () => {
    renderAt('/Heatmap');
    await screen.findByRole('img', { name: /^Market heatmap: 4 companies/ });
    fireEvent.click(screen.getByRole('radio', { name: 'vs 10-yr median P/E value' }));
    fireEvent.click(screen.getByRole('radio', { name: '1Y' }));
    expect(screen.getByTestId('where').textContent).toBe('/Heatmap?colour=value&period=1Y');
    await screen.findByRole('img', {
      name: 'Market heatmap: 4 companies sized by market cap, coloured by their price against their value at their own 10-yr median P/E',
    });
    const legend = screen.getByRole('list', {
      name: 'Colour scale: price against value at the company’s 10-yr median P/E',
    });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '≥ 50% below',
      '33% below',
      '17% below',
      'At value',
      '17% above',
      '33% above',
      '≥ 50% above',
      VALUE_GAP_LABELS.loss,
      VALUE_GAP_LABELS.history,
    ]);
    // A discount is green (the lighter end), a premium red.
    expect(valueLegendSteps()[0]!.colour).toBe('#79e784');
    await waitFor(() =>
      expect(tileFills()).toEqual({
        BIG: premiumStep(-40)!.colour,
        MID: premiumStep(12)!.colour,
        OIL: NO_CHANGE_COLOUR,
        GAS: NO_CHANGE_COLOUR,
      }),
    );
    // The list names each figure in words, with the chosen period's change beside it.
    const list = screen.getByText('The companies as a list').closest('details')!;
    list.open = true;
    fireEvent(list, new Event('toggle'));
    const big = await within(list).findByText(/^BIG · BIG Corp/);
    expect(big.closest('li')!.textContent).toBe(
      'BIG · BIG Corp 40.0% below · +20.00% (1Y) · 3.00T',
    );
    expect(within(list).getByText('Loss')).toBeTruthy();
    expect(within(list).getByText('No history')).toBeTruthy();
  });

  it('opens coloured by value over 1Y from the address', async () => {
    renderAt('/Heatmap?colour=value&period=1Y');
    await screen.findByRole('img', { name: /coloured by their price against their value/ });
    expect(
      screen.getByRole('radio', { name: 'vs 10-yr median P/E value' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByRole('radio', { name: '1Y' }).getAttribute('aria-checked')).toBe('true');
  });

  it('colours by the signed-in user’s own pitches, and a company without one as having none', async () => {
    setSession(signedIn());
    // Newest first: BIG's newer pitch is the one that counts.
    const mine = [pitch('p2', 'BIG', 8), pitch('p1', 'BIG', 3), pitch('p3', 'MID', 4)];
    const calls = renderAt('/Heatmap?colour=pitch', mine);
    await screen.findByRole('img', {
      name: /coloured by their price against the value of my saved pitch$/,
    });
    const big = premiumPercent(100, mine[0]!.intrinsic_value_per_share)!;
    const mid = premiumPercent(100, mine[2]!.intrinsic_value_per_share)!;
    await waitFor(() =>
      expect(tileFills()).toEqual({
        BIG: premiumStep(big)!.colour,
        MID: premiumStep(mid)!.colour,
        OIL: NO_CHANGE_COLOUR,
        GAS: NO_CHANGE_COLOUR,
      }),
    );
    expect(calls.filter((c) => c.path === '/api/myValuation')).toHaveLength(1);
    expect(
      within(screen.getByRole('list', { name: 'Colour scale: price against my pitch’s value' }))
        .getAllByRole('listitem')
        .at(-1)!.textContent,
    ).toBe('No pitch of mine');
  });

  it('a guest asked for pitch colours sees the value colouring and is told to sign in', async () => {
    const calls = renderAt('/Heatmap?colour=pitch');
    await screen.findByRole('img', { name: /coloured by their price against their value/ });
    expect(screen.getByTestId('heatmap-pitch-guest').textContent).toMatch(/^Sign in to colour/);
    expect(screen.queryByRole('radio', { name: 'vs my pitch' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/myValuation')).toBe(false);
  });
});
