import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EDGE_CACHE_RULES,
  READ_CACHE_KIND,
  STALE_ANSWER_SECONDS,
  canonicalQuery,
  edgeCacheControl,
  edgeMaxAgeSeconds,
  isCanonicalQuery,
  queryPairs,
  sharedMaxAge,
  staleWhileRevalidate,
  type EdgeCacheKind,
} from './edge-cache';
import {
  ProxyPathError,
  READ_KINDS,
  canonicalReadQuery,
  parseProxyRequest,
  readFromQuery,
  readQuery,
} from './proxy';
import { isSessionOpen, nextSessionOpenAfter } from './session';

const at = (iso: string) => Date.parse(iso);
/** Tuesday 10 March 2026, 11:00 in New York: mid-session (the tests' pinned clock). */
const MID_SESSION = at('2026-03-10T15:00:00Z');
/** Saturday 14 March 2026, 12:00 in New York. */
const SATURDAY = at('2026-03-14T16:00:00Z');

describe('edge lifetimes by kind of data', () => {
  it('keeps quotes 15 to 30 seconds in the session and statements for hours', () => {
    expect(edgeMaxAgeSeconds('quote', MID_SESSION)).toBe(20);
    expect(edgeMaxAgeSeconds('overview', MID_SESSION)).toBe(30);
    expect(edgeMaxAgeSeconds('intraday', MID_SESSION)).toBe(60);
    expect(edgeMaxAgeSeconds('series', MID_SESSION)).toBe(300);
    expect(edgeMaxAgeSeconds('fundamentals', MID_SESSION)).toBe(6 * 3600);
    expect(edgeMaxAgeSeconds('profile', MID_SESSION)).toBe(6 * 3600);
    expect(edgeMaxAgeSeconds('search', MID_SESSION)).toBe(12 * 3600);
    expect(edgeMaxAgeSeconds('stockList', MID_SESSION)).toBe(3600);
  });

  it('keeps prices longer while the exchange is closed, never past the next open', () => {
    expect(edgeMaxAgeSeconds('quote', SATURDAY)).toBe(600);
    expect(edgeMaxAgeSeconds('series', SATURDAY)).toBe(3600);
    // 09:25 New York: the open is 5 minutes away.
    expect(edgeMaxAgeSeconds('quote', at('2026-03-10T13:25:00Z'))).toBe(300);
    expect(edgeMaxAgeSeconds('series', at('2026-03-10T13:25:00Z'))).toBe(300);
    // 09:29:55: no shorter than in the session.
    expect(edgeMaxAgeSeconds('quote', at('2026-03-10T13:29:55Z'))).toBe(20);
    // A holiday (Christmas Day 2025, a Thursday) is closed all day.
    expect(edgeMaxAgeSeconds('quote', at('2025-12-25T16:00:00Z'))).toBe(600);
  });

  it('never lets a copy fetched while closed outlive the next open by more than the open lifetime', () => {
    const kinds = Object.keys(EDGE_CACHE_RULES) as EdgeCacheKind[];
    fc.assert(
      fc.property(
        fc.integer({ min: at('2025-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') }),
        fc.constantFrom(...kinds),
        (ms, kind) => {
          const rule = EDGE_CACHE_RULES[kind];
          const age = edgeMaxAgeSeconds(kind, ms);
          expect(age).toBeGreaterThanOrEqual(rule.openSeconds);
          expect(age).toBeLessThanOrEqual(Math.max(rule.openSeconds, rule.closedSeconds));
          if (!isSessionOpen(ms) && rule.closedSeconds > rule.openSeconds) {
            const untilOpen = (nextSessionOpenAfter(ms) - ms) / 1000;
            expect(age).toBeLessThanOrEqual(Math.max(rule.openSeconds, Math.ceil(untilOpen)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the next open across weekends, holidays and the clock change', () => {
    expect(new Date(nextSessionOpenAfter(SATURDAY)).toISOString()).toBe('2026-03-16T13:30:00.000Z');
    expect(new Date(nextSessionOpenAfter(MID_SESSION)).toISOString()).toBe(
      '2026-03-11T13:30:00.000Z',
    );
    // Christmas Day 2025 (Thursday): Friday 26 December, 09:30 EST.
    expect(new Date(nextSessionOpenAfter(at('2025-12-25T16:00:00Z'))).toISOString()).toBe(
      '2025-12-26T14:30:00.000Z',
    );
    // Friday 6 March 2026 after the close (EST) to Monday 9 March (EDT).
    expect(new Date(nextSessionOpenAfter(at('2026-03-06T22:00:00Z'))).toISOString()).toBe(
      '2026-03-09T13:30:00.000Z',
    );
  });

  it('writes public, s-maxage and stale-while-revalidate; a stale answer only briefly', () => {
    expect(edgeCacheControl('quote', MID_SESSION)).toBe(
      'public, s-maxage=20, stale-while-revalidate=10',
    );
    expect(edgeCacheControl('fundamentals', SATURDAY)).toBe(
      'public, s-maxage=21600, stale-while-revalidate=3600',
    );
    expect(edgeCacheControl('fundamentals', MID_SESSION, { stale: true })).toBe(
      `public, s-maxage=${STALE_ANSWER_SECONDS}`,
    );
    expect(STALE_ANSWER_SECONDS).toBeLessThanOrEqual(10);
  });

  it('reads the shared lifetime back from a header, and none from no-store or private', () => {
    expect(sharedMaxAge('public, s-maxage=20, stale-while-revalidate=10')).toBe(20);
    expect(staleWhileRevalidate('public, s-maxage=20, stale-while-revalidate=10')).toBe(10);
    expect(sharedMaxAge('no-store')).toBe(0);
    expect(sharedMaxAge('private, s-maxage=20')).toBe(0);
    expect(sharedMaxAge(undefined)).toBe(0);
  });

  it('gives every read of the proxy a kind', () => {
    expect(Object.keys(READ_CACHE_KIND).sort()).toEqual([...READ_KINDS].sort());
    expect(READ_CACHE_KIND.statement).toBe('fundamentals');
    expect(READ_CACHE_KIND.quote).toBe('quote');
  });
});

describe('canonical queries', () => {
  it('sorts names, leaves out empty values and encodes values one way', () => {
    expect(canonicalQuery({ symbol: 'AAPL', kind: 'profile' })).toBe('kind=profile&symbol=AAPL');
    expect(canonicalQuery({ b: undefined, a: '', c: 3 })).toBe('c=3');
    expect(canonicalQuery({ symbols: 'AAPL,MSFT', query: 'JOHNSON & JOHNSON' })).toBe(
      'query=JOHNSON%20%26%20JOHNSON&symbols=AAPL,MSFT',
    );
    expect(canonicalQuery({})).toBe('');
  });

  it('compares queries by their decoded pairs in order, whatever the percent-encoding', () => {
    expect(isCanonicalQuery('kind=profile&symbol=AAPL', 'kind=profile&symbol=AAPL')).toBe(true);
    expect(isCanonicalQuery('kind=profile&symbol=%41APL', 'kind=profile&symbol=AAPL')).toBe(true);
    expect(isCanonicalQuery('symbols=AAPL%2CMSFT', 'symbols=AAPL,MSFT')).toBe(true);
    expect(isCanonicalQuery('symbol=AAPL&kind=profile', 'kind=profile&symbol=AAPL')).toBe(false);
    expect(isCanonicalQuery('kind=profile&symbol=aapl', 'kind=profile&symbol=AAPL')).toBe(false);
    expect(isCanonicalQuery('kind=profile&symbol=AAPL&x=1', 'kind=profile&symbol=AAPL')).toBe(
      false,
    );
    expect(isCanonicalQuery('', '')).toBe(true);
    expect(queryPairs('a=%E0%A4%A&b')).toEqual([
      ['a', '%E0%A4%A'],
      ['b', ''],
    ]);
  });

  it('is a fixed point: the canonical form of a canonical query is itself', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.string({ minLength: 1, maxLength: 12 }),
        ),
        (params) => {
          const canonical = canonicalQuery(params);
          const again = canonicalQuery(Object.fromEntries(queryPairs(canonical)));
          expect(again).toBe(canonical);
          expect(isCanonicalQuery(canonical, again)).toBe(true);
        },
      ),
    );
  });
});

describe('the GET form of the proxy', () => {
  const proxy = (url: string) => parseProxyRequest({ url, method: 'GET', parameters: {} });

  it('reads the same typed read as the proxy path, for each kind', () => {
    const pairs: [string, Record<string, string>][] = [
      ['profile/AAPL', { kind: 'profile', symbol: 'AAPL' }],
      ['quote/MSFT,AAPL', { kind: 'quote', symbols: 'MSFT,AAPL' }],
      [
        'income-statement/AAPL?period=quarter&limit=4',
        { kind: 'statement', statement: 'income', symbol: 'AAPL', period: 'quarter', limit: '4' },
      ],
      ['ratios/AAPL', { kind: 'ratios', symbol: 'AAPL' }],
      [
        'key-metrics/AAPL?period=quarter',
        { kind: 'keyMetrics', symbol: 'AAPL', period: 'quarter' },
      ],
      ['ratios-ttm/AAPL', { kind: 'ratiosTtm', symbol: 'AAPL' }],
      ['key-metrics-ttm/AAPL', { kind: 'keyMetricsTtm', symbol: 'AAPL' }],
      ['key-executives/AAPL', { kind: 'executives', symbol: 'AAPL' }],
      ['institutional-holder/AAPL', { kind: 'holders', symbol: 'AAPL' }],
      ['stock_news?tickers=AAPL&limit=5', { kind: 'news', symbols: 'AAPL', limit: '5' }],
      [
        'historical-chart/5min/AAPL?from=2026-03-09&to=2026-03-10',
        {
          kind: 'intraday',
          interval: '5min',
          symbol: 'AAPL',
          from: '2026-03-09',
          to: '2026-03-10',
        },
      ],
      ['historical-price-full/AAPL', { kind: 'daily', symbol: 'AAPL' }],
      ['historical-price-full/stock_dividend/KO', { kind: 'dividends', symbol: 'KO' }],
      [
        'search?query=APPLE&limit=10&exchange=NASDAQ',
        { kind: 'search', query: 'APPLE', limit: '10', exchange: 'NASDAQ' },
      ],
    ];
    for (const [url, params] of pairs) expect(readFromQuery(params), url).toEqual(proxy(url));
  });

  it('writes every field in its canonical query, defaults included, and reads it back', () => {
    const read = readFromQuery({ kind: 'ratios', symbol: 'aapl' });
    expect(read).toEqual({ kind: 'ratios', symbol: 'AAPL', period: 'annual', limit: 10 });
    expect(canonicalQuery(readQuery(read))).toBe('kind=ratios&limit=10&period=annual&symbol=AAPL');
    expect(readFromQuery(readQuery(read))).toEqual(read);
    const search = readFromQuery({
      kind: 'search',
      query: '  apple   inc ',
      exchange: 'NYSE,AMEX',
    });
    expect(canonicalQuery(readQuery(search))).toBe(
      'exchange=AMEX,NYSE&kind=search&limit=50&query=APPLE%20INC',
    );
  });

  it('gives a read from the proxy path and from a query the same canonical query', () => {
    expect(canonicalReadQuery(proxy('search?query=apple&exchange=NYSE,AMEX'))).toEqual(
      readQuery(readFromQuery({ kind: 'search', query: 'APPLE', exchange: 'AMEX,NYSE' })),
    );
    expect(canonicalReadQuery(proxy('quote/%5EGSPC,AAPL'))).toEqual({
      kind: 'quote',
      symbols: '^GSPC,AAPL',
    });
  });

  it('refuses unknown kinds, unknown or missing parameters and bad values', () => {
    const bad: Record<string, string>[] = [
      {},
      { kind: 'url' },
      { kind: 'profile' },
      { kind: 'profile', symbol: 'AAPL', period: 'annual' },
      { kind: 'profile', symbol: '../etc' },
      { kind: 'profile', symbol: 'https://evil.example' },
      { kind: 'profile', symbol: 'AAPL', apikey: 'x' },
      { kind: 'ratios', symbol: 'AAPL', limit: '100000' },
      { kind: 'ratios', symbol: 'AAPL', period: 'monthly' },
      { kind: 'statement', symbol: 'AAPL' },
      { kind: 'statement', statement: 'cash', symbol: 'AAPL' },
      { kind: 'quote', symbols: Array.from({ length: 51 }, (_, i) => `S${i}`).join(',') },
      { kind: 'news', symbols: 'AAPL', limit: '0' },
      { kind: 'intraday', interval: '2min', symbol: 'AAPL' },
      { kind: 'daily', symbol: 'AAPL', from: '2026-02-30' },
      { kind: 'daily', symbol: 'AAPL', from: '2026-03-10', to: '2026-03-01' },
      { kind: 'search', query: '<script>' },
      { kind: 'search', query: 'apple', exchange: 'LSE' },
      { kind: 'profile', symbol: 'A'.repeat(700) },
    ];
    for (const params of bad)
      expect(() => readFromQuery(params), JSON.stringify(params).slice(0, 80)).toThrow(
        ProxyPathError,
      );
  });
});
