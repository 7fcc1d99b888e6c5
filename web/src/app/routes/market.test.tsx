import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listValuationTypes } from '../../../../shared/domain/valuation-types';
import { setSession, signedIn } from '../../test/session-mock';
import { envelope, json, overviewFixture } from '../../features/company/test/fixtures';
import { renderApp } from '../../test/render-app';
import { symbolFromSearch } from './market';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);
vi.mock('../../features/company/components/MetricChart', () => ({
  default: () => <div data-testid="chart" />,
}));

beforeEach(() => {
  setSession({ status: 'guest' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const address = new URL(String(input), 'http://localhost');
      const path = address.pathname;
      if (path === '/config.json') return json(200, { apiBaseUrl: '' });
      if (path === '/api/market/company-overview') return json(200, envelope(overviewFixture()));
      if (path === '/api/getValuationTypes')
        return json(200, {
          data: listValuationTypes().map((t) => ({ id: t.id, valuation_name: t.valuation_name })),
        });
      if (path === '/api/market/read' && address.searchParams.get('kind') === 'search')
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
      if (path === '/api/market/read') return json(200, envelope([]));
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

  describe('value=1 (Value Business from the watchlist)', () => {
    it('a signed-in user gets the methodology chooser once, and value leaves the URL', async () => {
      setSession(signedIn());
      const { router } = renderApp('/Market?symbol=AAPL&value=1');
      const dialog = await screen.findByRole('dialog', { name: 'Choose Valuation Methodology' });
      expect(await within(dialog).findByRole('radio', { name: 'P/E' })).toBeTruthy();
      await waitFor(() => expect(router.state.location.search).toBe('?symbol=AAPL'));
      // Replaced, not pushed: Back does not bring value=1 again.
      expect(router.state.historyAction).toBe('REPLACE');
      expect(screen.getByRole('heading', { name: 'Apple Inc.' })).toBeTruthy();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Choose Valuation Methodology' })).toBeNull(),
      );
      // Closed stays closed: the chooser opened once.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('waits for the session before opening the chooser', async () => {
      setSession({ status: 'loading' });
      const { router } = renderApp('/Market?symbol=AAPL&value=1');
      await screen.findByRole('heading', { name: 'Apple Inc.' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(router.state.location.search).toBe('?symbol=AAPL&value=1');
    });

    it('a guest gets the login prompt that Value Business shows', async () => {
      const { router } = renderApp('/Market?symbol=AAPL&value=1');
      const dialog = await screen.findByRole('dialog', {
        name: 'Please Login or Sign Up to Continue!',
      });
      expect(dialog.querySelector('a[href="/login"]')).toBeTruthy();
      await waitFor(() => expect(router.state.location.search).toBe('?symbol=AAPL'));
    });

    it('without value=1 no dialog opens', async () => {
      setSession(signedIn());
      renderApp('/Market?symbol=AAPL');
      await screen.findByRole('heading', { name: 'Apple Inc.' });
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
