import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeHeatmap, type HeatmapCompany } from '../../../../shared/heatmap/data';
import { marketMap } from '../../../../shared/heatmap/layout';
import { changeColour } from '../../../../shared/heatmap/scale';
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
  changes: { '1D': d1, '1W': 1, '1M': -12, YTD: 35 },
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

function renderAt(path: string, companies: HeatmapCompany[] = COMPANIES) {
  const calls = stubApi((call) =>
    call.path === '/api/market/heatmap'
      ? json(200, envelope(encodeHeatmap(companies), '2026-03-10T15:00:00Z'))
      : undefined,
  );
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
    ).toEqual(['≤ -3%', '-2%', '-1%', '0%', '+1%', '+2%', '≥ +3%']);
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
});
