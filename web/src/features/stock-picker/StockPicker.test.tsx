import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { searchText } from '../../lib/stock-search';
import { StockPicker } from './components/StockPicker';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const listing = (symbol: string, name: string) => ({
  symbol,
  name,
  currency: 'USD',
  stockExchange: 'NASDAQ Global Select',
  exchangeShortName: 'NASDAQ',
});

let searches: Record<string, string>[] = [];
const nothing = () =>
  json(200, { data: [], source: 'demo', stale: false, asOf: '2024-01-01T00:00:00Z' });
let answer: () => Response = nothing;

beforeEach(() => {
  searches = [];
  answer = nothing;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const address = new URL(String(input), 'http://localhost');
      if (address.pathname === '/config.json') return json(200, { apiBaseUrl: '' });
      expect(address.pathname).toBe('/api/market/read');
      searches.push(Object.fromEntries(address.searchParams));
      return answer();
    }),
  );
});

function pick() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const onSelect = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <StockPicker onSelect={onSelect} />
    </QueryClientProvider>,
  );
  const box = screen.getByRole('combobox', { name: 'Search for a company' });
  box.focus();
  return { box, onSelect };
}

describe('stock picker', () => {
  it('searches once the typing pauses, lists results and picks one with the arrow keys and Enter', async () => {
    answer = () =>
      json(200, {
        data: [listing('AAPL', 'Apple Inc.'), listing('APLE', 'Apple Hospitality REIT')],
        source: 'demo',
        stale: false,
        asOf: '2024-01-01T00:00:00Z',
      });
    const { box, onSelect } = pick();
    fireEvent.change(box, { target: { value: 'A' } });
    fireEvent.change(box, { target: { value: 'Ap' } });
    fireEvent.change(box, { target: { value: 'Apple' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'AAPLApple Inc.NASDAQ',
      'APLEApple Hospitality REITNASDAQ',
    ]);
    // One search, in its canonical form (decision 126): the same address for everyone.
    expect(searches).toEqual([
      { kind: 'search', query: 'APPLE', limit: '50', exchange: 'AMEX,NASDAQ,NYSE' },
    ]);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('AAPL', expect.objectContaining({ name: 'Apple Inc.' }));
    expect((box as HTMLInputElement).value).toBe('Apple Inc. (AAPL)');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('a click picks a result too', async () => {
    answer = () =>
      json(200, {
        data: [listing('MSFT', 'Microsoft Corporation')],
        source: 'demo',
        stale: false,
        asOf: 'x',
      });
    const { box, onSelect } = pick();
    fireEvent.change(box, { target: { value: 'msft' } });
    fireEvent.click(await screen.findByRole('option', { name: /MSFT/ }));
    expect(onSelect).toHaveBeenCalledWith('MSFT', expect.anything());
  });

  it('says when nothing matches', async () => {
    const { box } = pick();
    fireEvent.change(box, { target: { value: 'qqqzz' } });
    expect(await screen.findByText('No stocks match “qqqzz”.')).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when the search fails', async () => {
    answer = () => json(500, { message: 'Something failed' });
    const { box } = pick();
    fireEvent.change(box, { target: { value: 'Apple' } });
    expect(
      await screen.findByText('Search is not available right now. Please try again.'),
    ).toBeTruthy();
  });

  it('Escape closes the list, a second Escape clears the text', async () => {
    answer = () =>
      json(200, { data: [listing('AAPL', 'Apple Inc.')], source: 'demo', stale: false, asOf: 'x' });
    const { box } = pick();
    fireEvent.change(box, { target: { value: 'Apple' } });
    await screen.findByRole('option');
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('sends only what the search allowlist takes', () => {
    expect(searchText('  AT&T  ')).toBe('AT T');
    expect(searchText('Berkshire   Hathaway')).toBe('Berkshire Hathaway');
    expect(searchText('<>')).toBeNull();
    expect(searchText('x'.repeat(60))).toHaveLength(40);
  });
});
