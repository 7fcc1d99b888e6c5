import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider, useParams } from 'react-router-dom';
import type { AppConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageViews } from './usePageViews';

let config: AppConfig | null = null;
vi.mock('../../lib/config', () => ({ loadConfig: () => Promise.resolve(config) }));

const ENDPOINT = 'https://collect.example.com/events';
const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));

function Screen({ title }: { title: string }) {
  useDocumentTitle(title);
  return <h1>{title}</h1>;
}

function Reset() {
  const { code } = useParams();
  return <Screen title={`Reset ${code ?? ''}`} />;
}

function Shell() {
  return (
    <>
      <nav>
        <Link to="/Aboutus">About</Link>
        <Link to="/reset_password/987654">Reset</Link>
      </nav>
      <Outlet />
      <PageViews />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <Screen title="Mr. Market" /> },
          { path: '/Aboutus', element: <Screen title="About Us" /> },
          { path: '/reset_password/:code', element: <Reset /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Lets the config promise and the send run. */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

const sentEvents = () =>
  fetchMock.mock.calls.map((call) => {
    const [, init] = call as unknown as [string, RequestInit];
    return JSON.parse(init.body as string) as Record<string, unknown>;
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  config = { apiBaseUrl: '', analyticsEndpoint: ENDPOINT };
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', {
    value: undefined,
    configurable: true,
  });
});

describe('page views', () => {
  it('sends one page view for the first page and one per route change, with title and previous page', async () => {
    const router = renderAt('/');
    await settle();
    await act(() => router.navigate('/Aboutus'));
    await settle();
    expect(fetchMock.mock.calls.every((call) => (call as unknown[])[0] === ENDPOINT)).toBe(true);
    const events = sentEvents();
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ type: 'page_view', path: '/', title: 'Mr. Market' });
    expect(events[0]).not.toHaveProperty('referrer');
    expect(events[1]).toMatchObject({
      type: 'page_view',
      path: '/Aboutus',
      title: 'About Us · Mr. Market',
      referrer: '/',
    });
    expect(typeof events[1]?.viewportWidth).toBe('number');
    expect(Number.isNaN(Date.parse(String(events[1]?.at)))).toBe(false);
  });

  it('never sends a code from the address, in the path or in the title', async () => {
    renderAt('/reset_password/987654');
    await settle();
    expect(screen.getByRole('heading', { name: 'Reset 987654' })).toBeTruthy();
    const [event] = sentEvents();
    expect(event?.path).toBe('/reset_password/:code');
    expect(event).not.toHaveProperty('title');
    expect(JSON.stringify(event)).not.toContain('987654');
  });

  it('sends nothing and loads no script when no endpoint is configured', async () => {
    config = { apiBaseUrl: '' };
    const scriptsBefore = document.scripts.length;
    const router = renderAt('/');
    await settle();
    await act(() => router.navigate('/Aboutus'));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.scripts.length).toBe(scriptsBefore);
    expect(document.cookie).toBe('');
  });

  it('sends nothing when the config could not be loaded', async () => {
    config = null;
    renderAt('/');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing when Do Not Track is on', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    renderAt('/Aboutus');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing when Global Privacy Control is on', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    renderAt('/Aboutus');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets no cookie when it sends', async () => {
    renderAt('/Aboutus');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.cookie).toBe('');
  });
});
