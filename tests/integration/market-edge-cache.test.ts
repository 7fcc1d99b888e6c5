import { describe, expect, it } from 'vitest';
import {
  CANONICAL_REDIRECT_SECONDS,
  edgeCacheControl,
  type EdgeCacheKind,
} from '../../shared/market/edge-cache';
import { apiClient } from '../support/api';
import { TEST_MARKET_CLOCK, testMarketClock } from '../support/clock';
import { testStack } from '../support/stack';

/*
 * The GET forms of the public market reads (decision 126), through the local API server as
 * the browser calls it: the same data as the POST forms, the Cache-Control of their kind of
 * data, 400 and no-store on a bad query, and a cached redirect from a non-canonical query.
 */

const api = apiClient();
const marketNow = Date.parse(testMarketClock());
const control = (kind: EdgeCacheKind) => edgeCacheControl(kind, marketNow);

interface Envelope {
  data: unknown;
  source: string;
  stale: boolean;
}

/** The POST form and the GET form of one read, and the kind of data it is. */
const PAIRS: {
  /** The seed's form: POST with a body (GET for the index quotes). */
  post: [string, Record<string, unknown>];
  get: string;
  kind: EdgeCacheKind;
}[] = [
  { post: ['/api/getIndexQuotes', {}], get: '/api/market/index-quotes', kind: 'quote' },
  {
    post: ['/api/getDailyData', { stock_symbol: 'AAPL' }],
    get: '/api/market/daily?stock_symbol=AAPL',
    kind: 'series',
  },
  {
    post: ['/api/getWeeklyData', { stock_symbol: 'MSFT' }],
    get: '/api/market/weekly?stock_symbol=MSFT',
    kind: 'series',
  },
  {
    post: [
      '/api/getHistoricalData',
      { stock_symbol: 'AAPL', from: '2026-01-02', to: '2026-02-02' },
    ],
    get: '/api/market/historical?from=2026-01-02&stock_symbol=AAPL&to=2026-02-02',
    kind: 'series',
  },
  {
    post: ['/api/getStockList', { marketcap: 'large|mid', sector: 'Technology' }],
    get: '/api/market/stock-list?marketcap=large|mid&region=US&sector=Technology',
    kind: 'stockList',
  },
  {
    post: ['/api/getCompanyOverview', { symbol: 'AAPL' }],
    get: '/api/market/company-overview?symbol=AAPL',
    kind: 'overview',
  },
  {
    post: ['/api/common_api', { url: 'profile/AAPL' }],
    get: '/api/market/read?kind=profile&symbol=AAPL',
    kind: 'profile',
  },
  {
    post: ['/api/common_api', { url: 'quote/AAPL,MSFT' }],
    get: '/api/market/read?kind=quote&symbols=AAPL,MSFT',
    kind: 'quote',
  },
  {
    post: ['/api/common_api', { url: 'income-statement/AAPL?period=quarter&limit=4' }],
    get: '/api/market/read?kind=statement&limit=4&period=quarter&statement=income&symbol=AAPL',
    kind: 'fundamentals',
  },
  {
    post: ['/api/common_api', { url: 'ratios/AAPL?period=annual&limit=11' }],
    get: '/api/market/read?kind=ratios&limit=11&period=annual&symbol=AAPL',
    kind: 'fundamentals',
  },
  {
    post: ['/api/common_api', { url: 'stock_news?tickers=AAPL&limit=5' }],
    get: '/api/market/read?kind=news&limit=5&symbols=AAPL',
    kind: 'news',
  },
  {
    post: ['/api/common_api', { url: 'search?query=apple&limit=10&exchange=NASDAQ,NYSE' }],
    get: '/api/market/read?exchange=NASDAQ,NYSE&kind=search&limit=10&query=APPLE',
    kind: 'search',
  },
  {
    post: ['/api/common_api', { url: 'historical-chart/5min/AAPL' }],
    get: '/api/market/read?interval=5min&kind=intraday&symbol=AAPL',
    kind: 'intraday',
  },
  {
    post: ['/api/common_api', { url: 'historical-price-full/AAPL?from=2026-01-02' }],
    get: '/api/market/read?from=2026-01-02&kind=daily&symbol=AAPL',
    kind: 'series',
  },
  {
    post: ['/api/common_api', { url: 'historical-price-full/stock_dividend/KO' }],
    get: '/api/market/read?kind=dividends&symbol=KO',
    kind: 'fundamentals',
  },
];

describe('GET forms of the public market reads', () => {
  it('answer the same data as the seed forms, which stay uncached', async () => {
    for (const { post, get } of PAIRS) {
      const [path, body] = post;
      const viaPost =
        path === '/api/getIndexQuotes'
          ? await api.get<Envelope>(path)
          : await api.post<Envelope>(path, body);
      const viaGet = await api.get<Envelope>(get);
      expect(viaPost.status, path).toBe(200);
      expect(viaGet.status, get).toBe(200);
      expect(viaGet.body.data, get).toEqual(viaPost.body.data);
      expect(viaGet.body.source, get).toBe(viaPost.body.source);
      expect(viaPost.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('send public, s-maxage and stale-while-revalidate for their kind of data, no browser max-age', async () => {
    for (const { get, kind } of PAIRS) {
      const res = await api.get<Envelope>(get);
      expect(res.status, get).toBe(200);
      expect(res.body.stale, get).toBe(false);
      expect(res.headers.get('cache-control'), get).toBe(control(kind));
    }
    // Mid-session (the default pinned clock, whatever MARKET_CLOCK this run has): quotes for
    // 15-30 s, statements for hours.
    const midSession = (kind: EdgeCacheKind) =>
      edgeCacheControl(kind, Date.parse(TEST_MARKET_CLOCK));
    const quote = /s-maxage=(\d+)/.exec(midSession('quote'))!;
    expect(Number(quote[1])).toBeGreaterThanOrEqual(15);
    expect(Number(quote[1])).toBeLessThanOrEqual(30);
    const statements = /s-maxage=(\d+)/.exec(midSession('fundamentals'))!;
    expect(Number(statements[1])).toBeGreaterThanOrEqual(3600);
  });

  it('answer 400 and no-store to a bad query, never 500', async () => {
    for (const path of [
      '/api/market/read',
      '/api/market/read?kind=url&url=https://evil.example',
      '/api/market/read?kind=profile',
      '/api/market/read?kind=profile&symbol=../../etc',
      '/api/market/read?kind=profile&symbol=AAPL&apikey=stolen',
      '/api/market/read?kind=ratios&symbol=AAPL&limit=100000',
      '/api/market/read?kind=statement&statement=cash&symbol=AAPL',
      '/api/market/read?kind=daily&symbol=AAPL&from=2026-02-30',
      '/api/market/read?kind=search&query=%3Cscript%3E',
      `/api/market/read?kind=quote&symbols=${'A,'.repeat(400)}A`,
      '/api/market/daily',
      '/api/market/daily?stock_symbol=not%20a%20symbol',
      '/api/market/historical?stock_symbol=AAPL&from=2026-03-10&to=2026-03-01',
      '/api/market/stock-list?marketcap=huge',
      '/api/market/stock-list?region=EU',
      '/api/market/company-overview?symbol=',
      '/api/market/index-quotes?symbol=AAPL',
    ]) {
      const res = await api.get<{ message?: string }>(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(typeof res.body.message, path).toBe('string');
    }
  });

  it('redirect a query in another order, case or with defaults left out to the canonical one', async () => {
    const base = testStack().urls.api;
    const cases: [string, string][] = [
      ['/api/market/read?symbol=aapl&kind=profile', '/api/market/read?kind=profile&symbol=AAPL'],
      [
        '/api/market/read?kind=ratios&symbol=AAPL',
        '/api/market/read?kind=ratios&limit=10&period=annual&symbol=AAPL',
      ],
      ['/api/market/daily?stock_symbol=aapl', '/api/market/daily?stock_symbol=AAPL'],
      [
        '/api/market/stock-list?sector=technology&marketcap=mid|large',
        '/api/market/stock-list?marketcap=large%7Cmid&region=US&sector=Technology',
      ],
      ['/api/market/company-overview?symbol=%20msft', '/api/market/company-overview?symbol=MSFT'],
    ];
    for (const [from, to] of cases) {
      const res = await fetch(`${base}${from}`, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status, from).toBe(308);
      expect(res.headers.get('location'), from).toBe(to);
      expect(res.headers.get('cache-control'), from).toBe(
        `public, s-maxage=${CANONICAL_REDIRECT_SECONDS}`,
      );
      // Followed, the canonical address answers and does not redirect again.
      const followed = await api.get<Envelope>(to);
      expect(followed.status, to).toBe(200);
    }
  });

  it('take percent-encoded commas and bars as canonical (no redirect loop through a proxy that re-encodes)', async () => {
    const base = testStack().urls.api;
    for (const path of [
      '/api/market/read?kind=quote&symbols=AAPL%2CMSFT',
      '/api/market/stock-list?marketcap=large%7Cmid&region=US',
    ]) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
    }
  });
});
