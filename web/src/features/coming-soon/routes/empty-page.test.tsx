import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { setSession } from '../../../test/session-mock';

vi.mock('../../../lib/auth', async () => (await import('../../../test/session-mock')).authMock);

beforeEach(() => {
  setSession({ status: 'guest' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});

describe('/EmptyPage', () => {
  it('is a coming-soon placeholder with its own title and a way back', async () => {
    renderApp('/EmptyPage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming Soon' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Coming Soon · Mr. Market'));
    expect(screen.getByRole('link', { name: 'Go to Mr. Market' }).getAttribute('href')).toBe(
      '/Market',
    );
  });
});
