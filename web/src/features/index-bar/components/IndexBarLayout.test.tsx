import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetMarketSource } from '../../../lib/market-source';
import { renderApp } from '../../../test/render-app';
import { setSession } from '../../../test/session-mock';
import { indexQuotesBody, json, marketFetch, quote } from '../test-fixtures';

vi.mock('../../../lib/auth', async () => (await import('../../../test/session-mock')).authMock);

const FOUR = [
  quote('^GSPC', 5021.84, 10.5, 0.21),
  quote('^NYA', 17654.3, -12.1, -0.07),
  quote('^DJI', 38996.39, 120.44, 0.31),
  quote('^IXIC', 15990.66, -8.2, -0.05),
];

beforeEach(() => {
  setSession({ status: 'guest' });
  resetMarketSource();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('index bar in the layout', () => {
  it.each(['/', '/Aboutus', '/login', '/no-such-page'])(
    'shows the four indexes above the header on %s',
    async (path) => {
      vi.stubGlobal(
        'fetch',
        marketFetch(() => json(200, indexQuotesBody(FOUR))),
      );
      renderApp(path);

      const bar = screen.getByRole('region', { name: 'Market indexes' });
      await within(bar).findByText('5,021.84');
      for (const value of ['17,654.30', '38,996.39', '15,990.66']) {
        expect(within(bar).getByText(value)).toBeTruthy();
      }
      const header = screen.getByRole('banner');
      expect(bar.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );

  it('shows the Demo data badge next to the bar while the demo provider serves the page', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR, { source: 'demo' }))),
    );
    renderApp('/Aboutus');

    const badge = await screen.findByText('Demo data');
    expect(badge.closest('#index-bar')).toBeTruthy();
  });

  it('shows no badge when the market-data provider serves the page', async () => {
    vi.stubGlobal(
      'fetch',
      marketFetch(() => json(200, indexQuotesBody(FOUR, { source: 'fmp' }))),
    );
    renderApp('/Aboutus');

    await screen.findByText('5,021.84');
    expect(screen.queryByText('Demo data')).toBeNull();
  });
});
