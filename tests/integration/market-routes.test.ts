import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as commonApi } from '../../functions/api/commonApi';
import { PLANS } from '../../functions/market/plan';
import { useMarketService } from '../../functions/market/service';
import {
  closingSeriesResponse,
  indexQuotesResponse,
  INDEX_SYMBOLS,
  stockListResponse,
} from '../../shared/market';
import { apiClient } from '../support/api';
import { startFakeFmp, type FakeFmp } from '../support/fake-fmp';
import { fmpService, invokeRoute } from '../support/market';

let fake: FakeFmp;
beforeAll(async () => {
  fake = await startFakeFmp();
  useMarketService(fmpService(fake, { plan: PLANS.premium }));
});
afterAll(async () => {
  useMarketService(undefined);
  await fake.close();
});
beforeEach(() => fake.clear());

const proxy = (body: unknown) => invokeRoute(commonApi as never, 'POST', '/api/common_api', body);

describe('common_api over the fake FMP server', () => {
  it('answers the original v3 paths with contract records and never shows the key', async () => {
    for (const url of [
      'profile/AAPL',
      'quote/^GSPC,^NYA,^DJI,^IXIC',
      'quote/%5EGSPC',
      'ratios/AAPL?period=quarter&limit=11',
      'income-statement/AAPL?period=annual&limit=10&apikey=',
      'search?query=Apple&limit=50&exchange=AMEX,NASDAQ,NYSE',
      'stock_news?tickers=AAPL&limit=5',
      'historical-price-full/AAPL?from=2025-01-02&to=2025-02-01',
      'historical-chart/5min/AAPL',
      'key-metrics-ttm/AAPL?limit=40',
    ]) {
      const res = await proxy({ url, method: 'GET', parameters: {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.body.source).toBe('fmp');
      expect(Array.isArray(res.body.data), url).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain(fake.apiKey);
    }
    expect(fake.callCount).toBeGreaterThan(0);
  });

  // Hostile paths, hosts and parameters: tests/integration/security/proxy.test.ts.

  it('refuses unknown body fields, other methods and parameters outside the allowlist', async () => {
    for (const body of [
      { url: 'profile/AAPL', method: 'POST', parameters: {} },
      { url: 'profile/AAPL', method: 'GET', parameters: {}, host: 'evil.example' },
      { url: 'profile/AAPL', method: 'GET', parameters: { base: 'http://evil.example' } },
      { url: 'ratios/AAPL', method: 'GET', parameters: { limit: 100000 } },
      { url: 'ratios/AAPL?period=weekly', method: 'GET' },
      { url: 'historical-price-full/AAPL?from=2025-02-30', method: 'GET' },
      { url: 'historical-chart/2min/AAPL', method: 'GET' },
    ]) {
      expect((await proxy(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(fake.callCount).toBe(0);
  });
});

describe('market routes through the local API server (demo data)', () => {
  const api = apiClient();

  it('getIndexQuotes answers the four indexes marked as demo data', async () => {
    const res = await api.get('/api/getIndexQuotes');
    expect(res.status).toBe(200);
    const body = indexQuotesResponse.parse(res.body);
    expect(body.source).toBe('demo');
    expect(body.data.map((q) => q.symbol)).toEqual([...INDEX_SYMBOLS]);
  });

  it('getDailyData and getWeeklyData answer closing prices oldest first; weekly has one point a week', async () => {
    const daily = closingSeriesResponse.parse(
      (await api.post('/api/getDailyData', { stock_symbol: 'aapl' })).body,
    );
    const weekly = closingSeriesResponse.parse(
      (await api.post('/api/getWeeklyData', { stock_symbol: 'AAPL' })).body,
    );
    expect(daily.data.length).toBeGreaterThan(200);
    expect(daily.data.map((p) => p.date)).toEqual([...daily.data.map((p) => p.date)].sort());
    const gaps = weekly.data
      .slice(1)
      .map((p, i) => (Date.parse(p.date) - Date.parse(weekly.data[i]!.date)) / 86_400_000);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(3);
    expect(weekly.data.length).toBeGreaterThan(200);
  });

  it('getHistoricalData keeps to the asked dates and refuses a reversed range', async () => {
    const res = closingSeriesResponse.parse(
      (
        await api.post('/api/getHistoricalData', {
          stock_symbol: 'KO',
          from: '2025-01-01',
          to: '2025-03-31',
        })
      ).body,
    );
    expect(res.data.every((p) => p.date >= '2025-01-01' && p.date <= '2025-03-31')).toBe(true);
    expect(
      (
        await api.post('/api/getHistoricalData', {
          stock_symbol: 'KO',
          from: '2025-04-01',
          to: '2025-03-31',
        })
      ).status,
    ).toBe(400);
  });

  it('getStockList filters by market-cap bands and sectors joined with |', async () => {
    const res = stockListResponse.parse(
      (
        await api.post('/api/getStockList', {
          marketcap: 'large|mid',
          sector: 'Technology|Energy',
          region: 'US',
        })
      ).body,
    );
    expect(res.data.length).toBeGreaterThan(5);
    expect(
      res.data.every(
        (s) => (s.marketCap ?? 0) >= 1e9 && ['Technology', 'Energy'].includes(s.sector ?? ''),
      ),
    ).toBe(true);
    expect(
      (
        await api.post('/api/getStockList', {
          marketcap: 'huge',
          sector: 'Technology',
          region: 'US',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.post('/api/getStockList', {
          marketcap: 'large',
          sector: 'Technology',
          region: 'EU',
        })
      ).status,
    ).toBe(400);
  });

  it('common_api answers a bad path with 400 and a good one with demo records', async () => {
    expect(
      (
        await api.post('/api/common_api', {
          url: 'https://evil.example/quote/AAPL',
          method: 'GET',
          parameters: {},
        })
      ).status,
    ).toBe(400);
    const res = await api.post<{ source: string; data: { symbol: string }[] }>('/api/common_api', {
      url: 'quote/AAPL',
      method: 'GET',
      parameters: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('demo');
    expect(res.body.data[0]?.symbol).toBe('AAPL');
  });
});
