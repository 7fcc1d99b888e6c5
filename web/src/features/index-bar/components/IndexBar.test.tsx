import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { reportMarketSource, resetMarketSource } from '../../../lib/market-source';
import { INDEX_REFRESH_MS } from '../api/get-index-quotes';
import { indexQuotesBody, json, marketFetch, quote } from '../test-fixtures';
import { IndexBar } from './IndexBar';

vi.mock('../../../lib/auth', async () => (await import('../../../test/session-mock')).authMock);

const FOUR = [
  quote('^GSPC', 4512.3456, 12.345, 0.2743),
  quote('^NYA', 16234.1, -45.678, -0.28),
  quote('^DJI', 35123.45, 0, 0),
  quote('^IXIC', 14001.5, 101.2, 0.728),
];

function renderBar() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <QueryClientProvider client={client}>
      <IndexBar />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

const items = () =>
  within(screen.getByRole('region', { name: 'Market indexes' })).getAllByRole('listitem');
const item = (name: string) => {
  const found = items().find((li) => li.querySelector('.index-quote__name')?.textContent === name);
  if (!found) throw new Error(`No index named ${name}`);
  return found;
};
/** Every figure shown (values and changes), as text. */
const figures = () =>
  [
    ...screen
      .getByRole('region', { name: 'Market indexes' })
      .querySelectorAll('.index-quote__value, .index-quote__change'),
  ].map((el) => el.textContent);
const text = (el: Element, selector: string) => el.querySelector(selector)?.textContent ?? null;

beforeEach(() => {
  resetMarketSource();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('index bar', () => {
  it('shows S&P 500, NYSE, DJIA and NASDAQ in that order, whatever order the server sends', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody([...FOUR].reverse()))),
    );
    renderBar();

    await screen.findByText('4,512.35');
    expect(items().map((li) => text(li, '.index-quote__name'))).toEqual([
      'S&P 500',
      'NYSE',
      'DJIA',
      'NASDAQ',
    ]);
  });

  it('prints values with 2 decimals and separators, and changes with their sign, percent and direction', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR))),
    );
    renderBar();
    await screen.findByText('4,512.35');

    const sp = item('S&P 500');
    expect(text(sp, '.index-quote__value')).toBe('4,512.35');
    expect(text(sp, '.index-quote__delta')).toBe('+12.35');
    expect(text(sp, '.index-quote__percent')).toBe('(+0.27%)');
    expect(sp.dataset.direction).toBe('up');
    expect(sp.textContent).toContain('up');

    const nyse = item('NYSE');
    expect(text(nyse, '.index-quote__value')).toBe('16,234.10');
    expect(text(nyse, '.index-quote__delta')).toBe('-45.68');
    expect(text(nyse, '.index-quote__percent')).toBe('(-0.28%)');
    expect(nyse.dataset.direction).toBe('down');
    expect(nyse.textContent).toContain('down');

    const dji = item('DJIA');
    expect(text(dji, '.index-quote__delta')).toBe('0.00');
    expect(dji.dataset.direction).toBe('flat');
    expect(dji.textContent).toContain('unchanged');

    expect(text(item('NASDAQ'), '.index-quote__value')).toBe('14,001.50');
  });

  it('colours a rise green, a fall red and no change grey', async () => {
    const sheet = document.createElement('style');
    sheet.textContent = readFileSync(join(import.meta.dirname, 'index-bar.css'), 'utf8');
    document.head.append(sheet);
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR))),
    );
    renderBar();
    await screen.findByText('4,512.35');

    const colour = (name: string) =>
      getComputedStyle(item(name).querySelector('.index-quote__change') as Element).color;
    expect(colour('S&P 500')).toBe('rgb(91, 220, 155)');
    expect(colour('NYSE')).toBe('rgb(255, 146, 138)');
    expect(colour('DJIA')).toBe('rgb(169, 186, 203)');
    sheet.remove();
  });

  it('treats a change that rounds to 0.00 as unchanged, not as a rise', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() =>
        json(200, indexQuotesBody([quote('^GSPC', 4500, 0.004, 0.0001), ...FOUR.slice(1)])),
      ),
    );
    renderBar();
    await screen.findByText('4,500.00');

    expect(item('S&P 500').dataset.direction).toBe('flat');
    expect(text(item('S&P 500'), '.index-quote__delta')).toBe('0.00');
  });

  it('keeps a quiet placeholder, never zeros, while loading and when the request fails', async () => {
    let fail: (r: Response) => void = () => undefined;
    const fetchMock = marketFetch(() => new Promise<Response>((resolve) => (fail = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderBar();
    await waitFor(() => expect(fetchMock.indexCalls()).toBe(1));

    expect(items()).toHaveLength(4);
    expect(items().every((li) => li.dataset.loading === 'true')).toBe(true);
    expect(figures()).toEqual([]);

    await act(async () => fail(json(500, { message: 'Something went wrong.' })));

    await waitFor(() => expect(items().every((li) => li.dataset.loading === 'false')).toBe(true));
    expect(items().map((li) => text(li, '.index-quote__name'))).toEqual([
      'S&P 500',
      'NYSE',
      'DJIA',
      'NASDAQ',
    ]);
    expect(figures()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves an index the server did not send as a placeholder', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR.slice(0, 3)))),
    );
    renderBar();
    await screen.findByText('4,512.35');

    expect(item('NASDAQ').classList.contains('index-quote--empty')).toBe(true);
    expect(item('NASDAQ').querySelector('.index-quote__value, .index-quote__change')).toBeNull();
  });

  it('marks the values as delayed when the server says they are stale', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR, { stale: true }))),
    );
    renderBar();
    await screen.findByText('4,512.35');

    const marker = screen.getByText('Delayed');
    expect(marker.getAttribute('title')).toMatch(/last known values/);
  });

  it('says since when the figures are delayed when another market answer on the page was stale', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR))),
    );
    renderBar();
    await screen.findByText('4,512.35');
    expect(screen.queryByText('Delayed')).toBeNull();

    // A company page answered from the cache while the provider's quota was spent.
    act(() => reportMarketSource('fmp', { stale: true, asOf: '2026-03-10T18:05:00Z' }));
    const marker = screen.getByText('Delayed');
    expect(marker.textContent).toMatch(/^Delayed · as of \d{1,2}:05 (AM|PM)$/);

    // The next fresh answer clears it.
    act(() => reportMarketSource('fmp', { stale: false, asOf: '2026-03-10T18:20:00Z' }));
    expect(screen.queryByText('Delayed')).toBeNull();
  });

  it('shows no delayed marker for fresh values', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR))),
    );
    renderBar();
    await screen.findByText('4,512.35');

    expect(screen.queryByText('Delayed')).toBeNull();
  });
});

describe('index bar refresh', () => {
  it('fetches again every 30 seconds and shows the new values', async () => {
    vi.useFakeTimers();
    const fetchMock = marketFetch((n) =>
      json(200, indexQuotesBody([quote('^GSPC', 4500 + n, n, n / 10), ...FOUR.slice(1)])),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBar();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchMock.indexCalls()).toBe(1);
    expect(text(item('S&P 500'), '.index-quote__value')).toBe('4,500.00');

    await act(() => vi.advanceTimersByTimeAsync(INDEX_REFRESH_MS - 1_000));
    expect(fetchMock.indexCalls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fetchMock.indexCalls()).toBe(2);
    expect(text(item('S&P 500'), '.index-quote__value')).toBe('4,501.00');
    expect(text(item('S&P 500'), '.index-quote__delta')).toBe('+1.00');

    await act(() => vi.advanceTimersByTimeAsync(INDEX_REFRESH_MS * 2));
    expect(fetchMock.indexCalls()).toBe(4);
    expect(text(item('S&P 500'), '.index-quote__value')).toBe('4,503.00');
  });

  it('pauses while the tab is hidden and refreshes when it is shown again', async () => {
    vi.useFakeTimers();
    const fetchMock = marketFetch(() => json(200, indexQuotesBody(FOUR)));
    vi.stubGlobal('fetch', fetchMock);
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      window.dispatchEvent(new Event('visibilitychange'));
    };
    renderBar();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchMock.indexCalls()).toBe(1);

    try {
      act(() => setVisibility('hidden'));
      await act(() => vi.advanceTimersByTimeAsync(INDEX_REFRESH_MS * 3));
      expect(fetchMock.indexCalls()).toBe(1);

      act(() => setVisibility('visible'));
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(fetchMock.indexCalls()).toBe(2);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('keeps the last values on screen, marked delayed, when a refresh fails', async () => {
    vi.useFakeTimers();
    const fetchMock = marketFetch((n) =>
      n === 0 ? json(200, indexQuotesBody(FOUR)) : json(503, { message: 'Service unavailable' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBar();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Delayed')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(INDEX_REFRESH_MS));

    expect(fetchMock.indexCalls()).toBe(2);
    expect(text(item('S&P 500'), '.index-quote__value')).toBe('4,512.35');
    expect(screen.getByText('Delayed')).toBeTruthy();
  });
});

describe('Demo data badge', () => {
  it('shows "Demo data" with an explanation when the demo provider answered', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR, { source: 'demo' }))),
    );
    renderBar();

    const badge = await screen.findByText('Demo data');
    expect(badge.closest('[title]')?.getAttribute('title')).toMatch(
      /generated sample data, not real/,
    );
  });

  it('is absent when the figures come from the market-data provider', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR, { source: 'fmp' }))),
    );
    renderBar();
    await screen.findByText('4,512.35');

    expect(screen.queryByText('Demo data')).toBeNull();
  });

  it('goes away when a later answer comes from the provider', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      marketFetch((n) => json(200, indexQuotesBody(FOUR, { source: n === 0 ? 'demo' : 'fmp' }))),
    );
    renderBar();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Demo data')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(INDEX_REFRESH_MS));

    expect(screen.queryByText('Demo data')).toBeNull();
  });
});
