import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedScreener } from '../../../../shared/schemas/watchlist';
import {
  COLUMN_LABELS,
  FILTER_FIELDS,
  FILTER_LABELS,
  NUMERIC_FILTERS,
  SCREENER_TABS,
  SECTORS,
  screenerFilters,
  type ScreenerRow,
} from '../../../../shared/screener';
import { envelope, json, stubApi, type ApiCall } from '../../test/api-mock';
import { captureCsvDownloads } from '../../test/csv-downloads';
import { renderWithProviders } from '../../test/render-with-providers';
import { ScreenerPage } from './components/ScreenerPage';
import { describeFilters, filtersFromRows, inputFor, rowsFromFilters } from './filter-rows';

// A busy machine renders slowly: give the longer flows room.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

function row(symbol: string, marketCap: number | null, pe: number | null): ScreenerRow {
  const base = Object.fromEntries(
    Object.keys(COLUMN_LABELS).map((k) => [k, null]),
  ) as unknown as ScreenerRow;
  return {
    ...base,
    symbol,
    company: `${symbol} Corp`,
    sector: 'Technology',
    industry: 'Software',
    price: 100,
    changePercent: 1.5,
    marketCap,
    pe,
    lastEarningsDate: null,
    nextEarningsDate: null,
  };
}

let calls: ApiCall[] = [];
let saved: SavedScreener[] = [];
let universe: ScreenerRow[] = [];

beforeEach(() => {
  saved = [];
  universe = [row('AAA', 9e9, 20), row('BBB', 6e9, 25), row('CCC', null, 10)];
  calls = stubApi(({ path, body }) => {
    if (path === '/api/screener/screen') {
      const sort = (body?.sort ?? 'marketCap') as keyof ScreenerRow;
      const order = body?.order ?? 'desc';
      const filters = (body?.filters ?? {}) as Record<string, string>;
      const hits = filters.name === 'none' ? [] : [...universe];
      hits.sort((a, b) => {
        const x = a[sort] as number | null;
        const y = b[sort] as number | null;
        if (x === null) return 1;
        if (y === null) return -1;
        return order === 'asc' ? x - y : y - x;
      });
      const page = Number(body?.page ?? 1);
      const pageSize = Number(body?.pageSize ?? 20);
      return json(200, {
        data: hits
          .slice((page - 1) * pageSize, page * pageSize)
          .map((r, i) => ({ ...r, no: (page - 1) * pageSize + i + 1 })),
        total: hits.length,
        page,
        pageSize,
        sort,
        order,
        source: 'demo',
        asOf: '2025-01-02T15:00:00.000Z',
        industries: ['Semiconductors', 'Software'],
      });
    }
    if (path === '/api/screener/list') return json(200, { data: saved });
    if (path === '/api/screener/add') {
      const s: SavedScreener = {
        id: String(body?.id ?? `s${saved.length + 1}`),
        name: String(body?.name),
        filters: body?.filters as SavedScreener['filters'],
        createdAt: '2025-01-02T00:00:00.000Z',
        updatedAt: '2025-01-02T00:00:00.000Z',
      };
      saved = [s, ...saved.filter((x) => x.id !== s.id)];
      return json(200, { message: 'Screener saved', data: s });
    }
    if (path === '/api/screener/delete') {
      saved = saved.filter((x) => x.id !== body?.id);
      return json(200, { message: 'Screener deleted', data: { id: body?.id } });
    }
    if (path === '/api/market/read')
      return json(
        200,
        envelope([
          {
            symbol: 'AAPL',
            name: 'Apple Inc.',
            currency: 'USD',
            stockExchange: 'NASDAQ',
            exchangeShortName: 'NASDAQ',
          },
        ]),
      );
    return undefined;
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/Screener', element: <ScreenerPage /> },
      { path: '/Market', element: <p>Market page</p> },
    ],
    { initialEntries: ['/Screener'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { toastDuration: 60_000 });
  return router;
}

const screens = () => calls.filter((c) => c.path === '/api/screener/screen').map((c) => c.body!);
const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

function addFilter(field: string, value: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add Another Filter' }));
  const selects = screen.getAllByRole('combobox', { name: /^Filter \d+$/ });
  fireEvent.change(selects.at(-1)!, { target: { value: field } });
  const input = screen.getByLabelText(FILTER_LABELS[field as keyof typeof FILTER_LABELS]);
  fireEvent.change(input, { target: { value } });
}

describe('filter form built from the definitions', () => {
  it('offers every filter field, grouped Descriptive and Financial, and each field only once', () => {
    renderPage();
    const field = screen.getByRole('combobox', { name: 'Filter 1' });
    const groups = within(field).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Descriptive', 'Financial']);
    expect(optionLabels(field)).toEqual(FILTER_FIELDS.map((f) => FILTER_LABELS[f]));
    // The first row is the default: market cap Mid, with the three bands of the definition.
    expect(field).toHaveProperty('value', 'marketcap');
    const cap = screen.getByLabelText('Market Cap.');
    expect(cap).toHaveProperty('value', 'mid');
    expect(optionLabels(cap)).toEqual([
      'Any',
      'Large (>= $5Bn)',
      'Mid ($1Bn to under $5Bn)',
      'Small (< $1Bn)',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Add Another Filter' }));
    const second = screen.getByRole('combobox', { name: 'Filter 2' });
    expect(second).toHaveProperty('value', 'name');
    expect(optionLabels(second)).not.toContain('Market Cap.');
    expect(optionLabels(screen.getByRole('combobox', { name: 'Filter 1' }))).not.toContain(
      FILTER_LABELS.name,
    );
  });

  it('shows each field with its own option list', () => {
    for (const [field, def] of Object.entries(NUMERIC_FILTERS)) {
      const input = inputFor(field as keyof typeof NUMERIC_FILTERS);
      expect(input.kind === 'select' && input.options.map((o) => o.id)).toEqual(
        def.options.map((o) => o.id),
      );
    }
    const sector = inputFor('sector');
    expect(sector.kind === 'select' && sector.options.map((o) => o.id)).toEqual([...SECTORS]);
    expect(inputFor('industry').kind).toBe('text');
    const industry = inputFor('industry', ['Banks', 'Software']);
    expect(industry.kind === 'select' && industry.options.map((o) => o.label)).toEqual([
      'Banks',
      'Software',
    ]);
    expect(inputFor('name').kind).toBe('text');
  });

  it('turns rows into filters the shared schema accepts, leaving Any out, and back', () => {
    const rows = rowsFromFilters({ sector: 'Technology', marketcap: 'large', pe: 'under30' });
    expect(rows.map((r) => r.field)).toEqual(['sector', 'marketcap', 'pe']);
    const filters = filtersFromRows([...rows, { key: 99, field: 'roe', value: '' }]);
    expect(filters).toEqual({ sector: 'Technology', marketcap: 'large', pe: 'under30' });
    expect(screenerFilters.safeParse(filters).success).toBe(true);
    expect(describeFilters(filters)).toBe(
      'Sector: Technology, Market Cap.: Large (>= $5Bn), P/E: Under 30',
    );
    expect(describeFilters({})).toBe('No filters: every stock');
  });

  it('sends the chosen filters with Screen for Stocks; Remove All Filters clears them', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Market Cap.'), { target: { value: 'large' } });
    addFilter('sector', 'Technology');
    addFilter('pe', 'under30');
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    await screen.findByText('3 stocks match');
    expect(screens()[0]).toEqual({
      filters: { sector: 'Technology', marketcap: 'large', pe: 'under30' },
      sort: 'marketCap',
      order: 'desc',
      page: 1,
      pageSize: 20,
    });
    // The same filters again: the screen runs again (prices may have moved), not from memory.
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    await waitFor(() => expect(screens()).toHaveLength(2));
    expect(screens()[1]).toEqual(screens()[0]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the Sector filter' }));
    expect(screen.queryByLabelText('Sector')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove All Filters' }));
    expect(screen.queryByRole('combobox', { name: 'Filter 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    await waitFor(() => expect(screens()).toHaveLength(3));
    expect(screens()[2]?.filters).toEqual({});
  });

  it('refuses a name filter the schema does not accept, without calling the server', () => {
    renderPage();
    addFilter('name', 'x'.repeat(61));
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    expect(screen.getByRole('alert').textContent).toBe('Keep the name filter under 60 characters');
    expect(screens()).toHaveLength(0);
  });
});

describe('screener results', () => {
  it('shows the tabs with their columns, sorts on the server and says when nothing matches', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    const results = await screen.findByRole('region', { name: 'Screener results' });
    expect(
      within(results)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['GENERAL', 'VALUATION METRICS', 'FINANCIAL METRICS', 'PERFORMANCE', 'SNAPSHOT']);
    // The product's date format: YYYY-MM-DD hh:mm:ss, as every other screen.
    expect(within(results).getByText(/As of/).textContent).toContain('As of 2025-01-02 15:00:00');
    const headers = () =>
      within(results)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers()).toEqual(['No', ...SCREENER_TABS.general.map((c) => COLUMN_LABELS[c])]);
    const symbols = () =>
      within(results)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-symbol'));
    expect(symbols()).toEqual(['AAA', 'BBB', 'CCC']);
    // N/A for a figure the data lacks.
    expect(
      within(within(results).getAllByRole('row')[3]!).getAllByRole('cell')[5]!.textContent,
    ).toBe('N/A');

    fireEvent.click(within(results).getByRole('button', { name: /^P\/E/ }));
    await waitFor(() => expect(symbols()).toEqual(['BBB', 'AAA', 'CCC']));
    expect(screens().at(-1)).toMatchObject({ sort: 'pe', order: 'desc', page: 1 });
    fireEvent.click(within(results).getByRole('button', { name: /^P\/E/ }));
    await waitFor(() => expect(symbols()).toEqual(['CCC', 'AAA', 'BBB']));
    expect(
      within(results).getByRole('columnheader', { name: /^P\/E/ }).getAttribute('aria-sort'),
    ).toBe('ascending');

    fireEvent.click(within(results).getByRole('tab', { name: 'PERFORMANCE' }));
    expect(headers()).toEqual(['No', ...SCREENER_TABS.performance.map((c) => COLUMN_LABELS[c])]);
    fireEvent.click(within(results).getByRole('tab', { name: 'SNAPSHOT' }));
    expect(within(results).getAllByRole('listitem')).toHaveLength(3);

    addFilter('name', 'none');
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    expect(
      await screen.findByText('No stocks match these filters. Try removing a filter.'),
    ).toBeTruthy();
    expect(screen.getByText('0 stocks match')).toBeTruthy();
  });

  it('pages through the matches', async () => {
    universe = Array.from({ length: 45 }, (_, i) =>
      row(`S${String(i).padStart(2, '0')}`, 1e9 * (50 - i), 10),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screens().at(-1)?.page).toBe(2);
    expect(screen.getAllByRole('row')[1]!.getAttribute('data-symbol')).toBe('S20');
  });

  it('exports every match, page after page, in the sort order with rates in percent', async () => {
    universe = Array.from({ length: 245 }, (_, i) =>
      row(`S${String(i).padStart(3, '0')}`, 1e9 * (300 - i), 10 + i / 4),
    );
    const files = captureCsvDownloads();
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Screen for Stocks' }));
    expect(await screen.findByText('Page 1 of 13')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of Screener Results' }));
    const [file] = await waitFor(async () => {
      const all = await files.downloads();
      expect(all).toHaveLength(1);
      return all;
    });
    const [header, ...data] = file!.rows;
    expect(header).toEqual(expect.arrayContaining(['Change %', 'Dividend Yield (%)', 'ROE (%)']));
    expect(data.map((r) => r[header!.indexOf('Ticker')])).toEqual(universe.map((u) => u.symbol));
    expect(data[1]![header!.indexOf('Market Cap')]).toBe('299000000000');
    expect(data[1]![header!.indexOf('P/E')]).toBe('10.25');
    expect(data[1]![header!.indexOf('Change %')]).toBe('1.5');
    // Three pages of 100 rows: the largest page the screen allows.
    expect(
      screens()
        .filter((b) => b.pageSize === 100)
        .map((b) => b.page),
    ).toEqual([1, 2, 3]);
  });
});

describe('saved screeners', () => {
  it('saves with a name, lists, applies, edits and deletes', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Market Cap.'), { target: { value: 'large' } });
    addFilter('pe', 'under30');
    fireEvent.click(screen.getByRole('button', { name: 'Save Screener' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Screener' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Name your screener');
    fireEvent.change(within(dialog).getByLabelText('Screener name'), {
      target: { value: 'Cheap large caps' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Screener saved')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/screener/add')?.body).toEqual({
      name: 'Cheap large caps',
      filters: { marketcap: 'large', pe: 'under30' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove All Filters' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved Screeners' }));
    const item = await screen.findByRole('listitem', { name: 'Cheap large caps' });
    expect(within(item).getByText(/Market Cap\.: Large/)).toBeTruthy();
    expect(item.textContent).toContain('Saved 2025-01-02');
    fireEvent.click(within(item).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screens()).toHaveLength(1));
    expect(screens()[0]?.filters).toEqual({ marketcap: 'large', pe: 'under30' });
    expect(screen.getByLabelText('P/E')).toHaveProperty('value', 'under30');

    // Edit loads the filters; saving sends the id and keeps the name.
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved Screeners' }));
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Cheap large caps' })).getByRole(
        'button',
        { name: 'Edit' },
      ),
    );
    expect(screen.getByText(/Editing “Cheap large caps”/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('P/E'), { target: { value: 'under20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Screener' }));
    const edit = await screen.findByRole('dialog');
    expect(within(edit).getByLabelText('Screener name')).toHaveProperty(
      'value',
      'Cheap large caps',
    );
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/screener/add')).toHaveLength(2),
    );
    expect(calls.filter((c) => c.path === '/api/screener/add')[1]?.body).toEqual({
      id: 's1',
      name: 'Cheap large caps',
      filters: { marketcap: 'large', pe: 'under20' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Show Saved Screeners' }));
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: 'Cheap large caps' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    // It asks first, naming the screener.
    const confirm = screen.getByRole('dialog', {
      name: 'Delete the saved screener “Cheap large caps”?',
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete screener' }));
    expect(
      await screen.findByText('You have no saved screeners yet. Save one from the filters.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Screen for Stocks' })).toBeTruthy();
  });
});

describe('screener panel', () => {
  it('starts empty, lists companies by Company and Symbol and opens the chosen one', async () => {
    const router = renderPage();
    expect(screen.getByText('Select a company to see relevant information.')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search for companies'), {
      target: { value: 'apple' },
    });
    const panel = screen.getByRole('complementary', { name: 'Company search' });
    const table = await within(panel).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Company', 'Symbol']);
    fireEvent.click(within(table).getByRole('button', { name: 'Apple Inc.' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Market'));
    expect(router.state.location.search).toBe('?symbol=AAPL');
  });
});
