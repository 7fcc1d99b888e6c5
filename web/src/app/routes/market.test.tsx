import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, json, overviewFixture } from '../../features/company/test/fixtures';
import { renderApp } from '../../test/render-app';
import { symbolFromSearch } from './market';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);
vi.mock('../../features/company/components/MetricChart', () => ({
  default: () => <div data-testid="chart" />,
}));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as { url?: string }) : {};
      if (path === '/config.json') return json(200, { apiBaseUrl: '' });
      if (path === '/api/getCompanyOverview') return json(200, envelope(overviewFixture()));
      if (path === '/api/common_api' && body.url?.startsWith('search'))
        return json(
          200,
          envelope([
            {
              symbol: 'AAPL',
              name: 'Apple Inc.',
              currency: 'USD',
              stockExchange: null,
              exchangeShortName: 'NASDAQ',
            },
          ]),
        );
      if (path === '/api/common_api') return json(200, envelope([]));
      return json(404, { message: 'not here' });
    }),
  );
});

describe('market page', () => {
  it('without a stock shows the beta notice, the picker and the methodologies', async () => {
    renderApp('/');
    expect(await screen.findByRole('combobox', { name: 'Search for a company' })).toBeTruthy();
    expect(screen.getByText(/This is a beta version/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Valuation methodologies' })).toBeTruthy();
  });

  it('picking a stock puts it in the URL and opens its company view', async () => {
    const { router } = renderApp('/Market');
    const box = await screen.findByRole('combobox', { name: 'Search for a company' });
    box.focus();
    fireEvent.change(box, { target: { value: 'Apple' } });
    fireEvent.click(await screen.findByRole('option', { name: /AAPL/ }));
    expect(router.state.location.pathname).toBe('/Market');
    expect(router.state.location.search).toBe('?symbol=AAPL');
    expect(await screen.findByRole('heading', { name: 'Apple Inc.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Value Business' }));
    // A guest is asked to log in or sign up before valuing.
    const dialog = await screen.findByRole('dialog', {
      name: 'Please Login or Sign Up to Continue!',
    });
    expect(dialog.querySelector('a[href="/login"]')).toBeTruthy();
    expect(dialog.querySelector('a[href="/signup"]')).toBeTruthy();
  });

  it('Find Another Business returns to /', async () => {
    const { router } = renderApp('/Market?symbol=AAPL');
    fireEvent.click(await screen.findByRole('button', { name: 'Find Another Business' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Valuation methodologies' })).toBeTruthy();
  });

  it('reads only a valid symbol from the URL', () => {
    expect(symbolFromSearch(new URLSearchParams('symbol=msft'))).toBe('MSFT');
    expect(symbolFromSearch(new URLSearchParams('symbol=../x'))).toBeNull();
    expect(symbolFromSearch(new URLSearchParams(''))).toBeNull();
  });
});
