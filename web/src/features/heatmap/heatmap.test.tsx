import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeHeatmap, type HeatmapCompany } from '../../../../shared/heatmap/data';
import { marketMap, undrawn } from '../../../../shared/heatmap/layout';
import { changeColour, legendSteps } from '../../../../shared/heatmap/scale';
import { envelope, json, stubApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { HeatmapPage } from './components/HeatmapPage';
import { mapHeight } from './components/HeatmapCanvas';

const company = (
  symbol: string,
  sector: string,
  industry: string,
  marketCap: number,
  d1: number | null,
): HeatmapCompany => ({
  symbol,
  name: `${symbol} Corp`,
  sector,
  industry,
  marketCap,
  changes: { '1D': d1, '1W': 1, '1M': -12, '3M': 8, '6M': -9, '1Y': 20, YTD: 35 },
  price: 100,
  value: d1 === null ? null : 80,
  multiple: d1 === null ? null : 20,
  premium: d1 === null ? null : 25,
  gap: d1 === null ? 'history' : null,
});

const COMPANIES = [
  company('BIG', 'Technology', 'Software', 3e12, 2.1),
  company('MID', 'Technology', 'Semiconductors', 1e12, -0.2),
  company('OIL', 'Energy', 'Oil & Gas', 6e11, -4),
  company('GAS', 'Energy', 'Oil & Gas', 2e11, null),
];

/** A 2D context that records what is drawn (jsdom has no canvas). */
function recordingContext() {
  const fills: { style: string; x: number; y: number }[] = [];
  const texts: string[] = [];
  let fillStyle = '';
  const context = {
    setTransform: vi.fn(),
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
    textAlign: 'left',
    textBaseline: 'middle',
    strokeStyle: '',
    lineWidth: 1,
    strokeRect: vi.fn(),
    fillRect: (x: number, y: number) => fills.push({ style: fillStyle, x, y }),
    fillText: (text: string) => texts.push(text),
  };
  return { context, fills, texts };
}

const WIDTH = 900;
let drawn: ReturnType<typeof recordingContext>;

beforeEach(() => {
  drawn = recordingContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => drawn.context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The app's pinned clock: Tuesday 10 March 2026, 11:00 in New York. */
const CLOCK = '2026-03-10T15:00:00Z';
const FRESH = {
  snapshotAt: '2026-03-10T14:50:00.000Z',
  session: '2026-03-10',
  refreshMinutes: 15,
  stale: false,
};

function renderAt(
  path: string,
  companies: HeatmapCompany[] = COMPANIES,
  freshness: typeof FRESH | null = companies.length ? FRESH : null,
) {
  const calls = stubApi((call) => {
    if (call.path === '/config.json') return json(200, { apiBaseUrl: '', marketClock: CLOCK });
    if (call.path === '/api/market/heatmap')
      return json(200, {
        ...envelope(encodeHeatmap(companies, freshness), '2026-03-10T14:58:00Z'),
        stale: freshness?.stale ?? true,
      });
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Heatmap" element={<HeatmapPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return calls;
}

const where = () => screen.getByTestId('where').textContent;

describe('the market heatmap', () => {
  it('draws every company in its change’s colour, with the legend of the period', async () => {
    renderAt('/Heatmap');
    await screen.findByRole('img', { name: /^Market heatmap: 4 companies/ });
    const legend = screen.getByRole('list', { name: 'Colour scale: change today' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['≤ -3%', '-2%', '-1%', '0%', '+1%', '+2%', '≥ +3%', 'N/A']);
    // The legend's swatches are the tiles' colours with their text colours.
    const swatches = within(legend).getAllByRole('listitem').slice(0, 7);
    legendSteps('1D').forEach((step, i) => {
      expect(swatches[i]!.style.background).toBe(hexToRgb(step.colour));
      expect(swatches[i]!.style.color).toBe(hexToRgb(step.text));
    });
    // Each tile is filled in its colour, where the shared layout puts it.
    const layout = marketMap(COMPANIES, WIDTH, mapHeight(WIDTH));
    for (const tile of layout.tiles) {
      const fill = drawn.fills.find((f) => f.x === tile.x + 0.5 && f.y === tile.y + 0.5);
      expect(fill?.style, tile.company.symbol).toBe(changeColour(tile.company.changes['1D'], '1D'));
    }
    expect(drawn.texts).toContain('BIG');
    expect(drawn.texts).toContain('TECHNOLOGY');
  });

  it('recolours by another period, kept in the address', async () => {
    renderAt('/Heatmap');
    await screen.findByRole('img', { name: /^Market heatmap/ });
    fireEvent.click(screen.getByRole('radio', { name: 'YTD' }));
    expect(where()).toBe('/Heatmap?period=YTD');
    expect(screen.getByRole('list', { name: 'Colour scale: change year to date' })).toBeTruthy();
    await waitFor(() =>
      expect(drawn.fills.some((f) => f.style === changeColour(35, 'YTD'))).toBe(true),
    );
  });

  it('a click on a company opens it; a click on a sector’s name zooms into the sector', async () => {
    renderAt('/Heatmap');
    const canvas = await screen.findByRole('img', { name: /^Market heatmap/ });
    const layout = marketMap(COMPANIES, WIDTH, mapHeight(WIDTH));
    const energy = layout.groups.find((g) => g.kind === 'sector' && g.name === 'Energy')!;
    fireEvent.click(canvas, { clientX: energy.x + 5, clientY: energy.y + 5 });
    expect(where()).toBe('/Heatmap?sector=Energy');
    await screen.findByRole('img', { name: /^Market heatmap of Energy: 2 companies/ });
    expect(screen.getByRole('button', { name: 'Back to all sectors' })).toBeTruthy();

    const zoomed = marketMap(
      COMPANIES.filter((c) => c.sector === 'Energy'),
      WIDTH,
      mapHeight(WIDTH),
    );
    const oil = zoomed.tiles.find((t) => t.company.symbol === 'OIL')!;
    fireEvent.click(canvas, { clientX: oil.x + oil.w / 2, clientY: oil.y + oil.h / 2 });
    expect(where()).toBe('/Market?symbol=OIL');
  });

  it('lists the companies as links for keyboards and screen readers', async () => {
    renderAt('/Heatmap?sector=Technology');
    await screen.findByRole('img', { name: /of Technology/ });
    const list = screen.getByText('The companies as a list').closest('details')!;
    list.open = true;
    fireEvent(list, new Event('toggle'));
    const link = await within(list).findByRole('link', { name: 'BIG · BIG Corp' });
    expect(link.getAttribute('href')).toBe('/Market?symbol=BIG');
    expect(within(list).queryByRole('link', { name: /OIL/ })).toBeNull();
  });

  it('says the map is being prepared before the first snapshot', async () => {
    renderAt('/Heatmap', []);
    expect(await screen.findByText(/The market map is being prepared/)).toBeTruthy();
  });

  it('states when its figures were taken and that today’s moves are today’s', async () => {
    renderAt('/Heatmap');
    const asOf = await screen.findByTestId('heatmap-as-of');
    expect(asOf.dataset.stale).toBe('false');
    expect(asOf.textContent).toBe(
      'Figures as of 2026-03-10 10:58 New York time, refreshed every 15 minutes while the market trades; one-day moves of today’s session (2026-03-10).',
    );
    expect(screen.getByTestId('heatmap-count').textContent).toMatch(
      /^4 companies, sized by market cap, coloured by their change today\./,
    );
  });

  it('marks a snapshot older than its refresh stale, and never calls a past day’s moves today', async () => {
    renderAt('/Heatmap', COMPANIES, {
      snapshotAt: '2026-02-27T21:05:00.000Z',
      session: '2026-02-27',
      refreshMinutes: 15,
      stale: true,
    });
    const asOf = await screen.findByTestId('heatmap-as-of');
    expect(asOf.dataset.stale).toBe('true');
    expect(asOf.getAttribute('role')).toBe('status');
    expect(asOf.textContent).toBe(
      'Out of date. These figures are from a snapshot taken 2026-02-27 16:05 New York time, older than its 15-minute refresh allows: the one-day moves are those of the session of 2026-02-27 as they stood then.',
    );
    await screen.findByRole('img', {
      name: /^Market heatmap: 4 companies sized by market cap, coloured by their change on 2026-02-27$/,
    });
    expect(screen.getByRole('list', { name: 'Colour scale: change on 2026-02-27' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/today/i);
  });

  it('lists by name the companies too small to draw, and says how many it draws', async () => {
    // Three hundred small companies beside the four: most cannot have 3 pixels of tile.
    const small = Array.from({ length: 300 }, (_, i) =>
      company(`T${i}`, 'Energy', 'Oil & Gas', 2e7 * (1 + (i % 3)), 0.1),
    );
    const all = [...COMPANIES, ...small];
    renderAt('/Heatmap', all);
    await screen.findByRole('img', { name: /^Market heatmap: 304 companies/ });
    const hidden = undrawn(marketMap(all, WIDTH, mapHeight(WIDTH)));
    expect(hidden.length).toBeGreaterThan(0);
    const list = await screen.findByTestId('heatmap-too-small');
    expect(
      within(list).getByText(`${hidden.length} companies too small to draw at this size`),
    ).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset.symbol),
    ).toEqual(hidden.map((c) => c.symbol));
    expect(screen.getByTestId('heatmap-count').textContent).toContain(
      `: ${304 - hidden.length} drawn, ${hidden.length} too small to draw at this size (listed below)`,
    );
  });
});

/** `#rrggbb` as the DOM reports a style colour. */
function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
