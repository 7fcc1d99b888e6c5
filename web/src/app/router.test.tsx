import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession, signedIn } from '../test/session-mock';
import { renderApp } from '../test/render-app';

vi.mock('../lib/auth', async () => (await import('../test/session-mock')).authMock);

const VALUATION_TYPES = {
  data: [
    { id: 1, valuation_name: 'P/E' },
    { id: 2, valuation_name: 'P/B' },
    { id: 3, valuation_name: 'P/S' },
    { id: 4, valuation_name: 'EV/EBITDA' },
  ],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/config.json')) return json(404, {});
  if (url.startsWith('/api/getValuationTypes')) return json(200, VALUATION_TYPES);
  return json(404, { message: 'Request not found' });
});

beforeEach(() => {
  setSession({ status: 'guest' });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('login-required routes', () => {
  it('sends a guest who opens /Pitches to /login, keeping the requested location', async () => {
    const { router } = renderApp('/Pitches?sort=name#top');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/Pitches', search: '?sort=name', hash: '#top' },
    });
  });

  it.each([
    '/Mytrackedpitches',
    '/Myaccount',
    '/Portfolio',
    '/Screener',
    '/Watchlist',
    '/Dashboard',
  ])('sends a guest who opens %s to /login', async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
  });

  it('shows My Pitches to a signed-in user, with its own document title', async () => {
    setSession(signedIn());
    const { router } = renderApp('/Pitches');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Pitches' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Pitches');
    await waitFor(() => expect(document.title).toBe('My Pitches · Mr. Market'));
  });

  it('waits for the session before deciding, without redirecting', async () => {
    setSession({ status: 'loading' });
    const { router } = renderApp('/Mytrackedpitches');

    expect(await screen.findByText('Checking your session…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Mytrackedpitches');
  });

  it('sends a signed-in user on an old company screen path to the Market screen', async () => {
    setSession(signedIn());
    const { router } = renderApp('/Header');

    await screen.findByRole('heading', { level: 1, name: 'Welcome to Mr. Market' });
    expect(router.state.location.pathname).toBe('/Market');
    expect(router.state.location.search).toBe('');
  });

  it('opens an old screen as the company view it showed, keeping the stock of its address', async () => {
    setSession(signedIn());
    const expected: Record<string, string> = {
      '/BalanceSheet': '?show=balance-sheet-annual',
      '/Cashflowstatement': '?show=cash-flow-statement-annual',
      '/news': '?show=news',
      '/Market_details': '?show=price',
      '/InvesmentDropDowns': '?show=investment-highlights',
      '/BalanceSheet?symbol=MSFT': '?symbol=MSFT&show=balance-sheet-annual',
    };
    for (const [from, search] of Object.entries(expected)) {
      const { router, unmount } = renderApp(from);
      await waitFor(() => expect(router.state.location.pathname).toBe('/Market'));
      expect(router.state.location.search, from).toBe(search);
      unmount();
    }
  });
});

describe('public routes', () => {
  it('lists the four valuation methodologies from the API on the home page', async () => {
    renderApp('/');

    const section = await screen.findByRole('heading', {
      level: 2,
      name: 'Valuation methodologies',
    });
    expect(section).toBeTruthy();
    for (const name of ['P/E', 'P/B', 'P/S', 'EV/EBITDA']) {
      expect(await screen.findByRole('heading', { level: 3, name })).toBeTruthy();
    }
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/getValuationTypes',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(document.title).toBe('Mr. Market');
  });

  it('shows an error with a retry when the valuation methodologies cannot be loaded', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).endsWith('/config.json')
        ? json(404, {})
        : json(500, { message: 'Something went wrong.' }),
    );
    renderApp('/Market');

    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it.each([
    ['/market', 'Welcome to Mr. Market'],
    ['/Login', 'Login'],
    ['/Sucess', 'Check Your Email'],
    ['/success', 'Check Your Email'],
    ['/ResetSuccess', 'Check Your Email'],
    ['/ResetSuccessmsg', 'Password Reset Successful!'],
    ['/reset_password/abc123', 'Reset Password'],
    ['/Verify_account/abc123', 'Verify Account'],
    ['/Market/val-42', 'Welcome to Mr. Market'],
    ['/Aboutus', 'About Us'],
    ['/DataProtection', 'Data Protection Notice'],
    ['/EmptyPage', 'Coming Soon'],
  ])('opens %s for a guest', async (path, heading) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows the not-found page for an unknown path, with a link home', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Mr. Market' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found · Mr. Market'));
  });

  it('gives each page its own document title', async () => {
    renderApp('/Termsofuse');
    await screen.findByRole('heading', { level: 1, name: 'Terms Of Use' });
    await waitFor(() => expect(document.title).toBe('Terms Of Use · Mr. Market'));
  });
});
