import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { setSession, signedIn } from '../../test/session-mock';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

beforeEach(() => {
  setSession({ status: 'guest' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('header for a guest', () => {
  it('links every feature: the seed’s items in their order, with Portfolio, Watchlist and Screener', async () => {
    renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Mr. Market', '/'],
      ['My Pitches', '/Pitches'],
      ['My Tracked Pitches', '/Mytrackedpitches'],
      ['Portfolio', '/Portfolio'],
      ['Watchlist', '/Watchlist'],
      ['Screener', '/Screener'],
      ['Heatmap', '/Heatmap'],
      ['About us', '/Aboutus'],
    ]);
  });

  it('folds the links behind a Menu button on a phone: it opens, closes with Escape and gives focus back', async () => {
    renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const toggle = within(mainNav()).getByRole('button', { name: 'Menu' });
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(list).getAllByRole('link')).toHaveLength(7);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(mainNav().className).toContain('main-nav--open');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('offers Sign Up and Login buttons', async () => {
    renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it.each(['My Pitches', 'My Tracked Pitches', 'Portfolio', 'Watchlist', 'Screener'])(
    'asks a guest who clicks %s to log in or sign up instead of navigating',
    async (label) => {
      const { router } = renderApp('/Aboutus');
      await screen.findByRole('heading', { level: 1, name: 'About Us' });

      fireEvent.click(within(mainNav()).getByRole('link', { name: label }));

      const dialog = screen.getByRole('dialog', { name: 'Please Login or Sign Up to Continue!' });
      expect(within(dialog).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
        '/login',
      );
      expect(within(dialog).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
        '/signup',
      );
      expect(router.state.location.pathname).toBe('/Aboutus');
    },
  );

  it('closes the login prompt with Escape', async () => {
    renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    fireEvent.click(within(mainNav()).getByRole('link', { name: 'My Pitches' }));

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('carries the page the guest wanted to the login screen', async () => {
    const { router } = renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    fireEvent.click(within(mainNav()).getByRole('link', { name: 'My Tracked Pitches' }));

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Login' }));

    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.state).toEqual({ from: { pathname: '/Mytrackedpitches' } });
  });
});

describe('header for a signed-in user', () => {
  it('closes the phone menu when a link is chosen', async () => {
    setSession(signedIn());
    const { router } = renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const toggle = within(mainNav()).getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);

    fireEvent.click(within(mainNav()).getByRole('link', { name: 'Watchlist' }));

    await screen.findByRole('heading', { level: 1, name: /Watchlist/ });
    expect(router.state.location.pathname).toBe('/Watchlist');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes straight to My Pitches', async () => {
    setSession(signedIn());
    const { router } = renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    fireEvent.click(within(mainNav()).getByRole('link', { name: 'My Pitches' }));

    await screen.findByRole('heading', { level: 1, name: 'My Pitches' });
    expect(router.state.location.pathname).toBe('/Pitches');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the avatar and name with Edit Profile and Logout, and no Sign Up or Login', async () => {
    setSession(signedIn('Grace Hopper'));
    renderApp('/Aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const header = screen.getByRole('banner');

    const menuButton = within(header).getByRole('button', { name: 'Grace Hopper' });
    expect(menuButton.querySelector('img')).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Sign Up' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Edit Profile' })).toBeNull();

    fireEvent.click(menuButton);

    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/Dashboard'],
      ['My Alerts', '/Alerts'],
      ['Edit Profile', '/Myaccount'],
      ['Logout', '/logout'],
    ]);
    expect(within(header).getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe(
      '/Myaccount',
    );
    expect(within(header).getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe(
      '/logout',
    );
  });
});
