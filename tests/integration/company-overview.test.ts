import { describe, expect, it } from 'vitest';
import { companyOverviewResponse } from '../../shared/market/overview';
import { apiClient } from '../support/api';

describe('getCompanyOverview through the local API server (demo data)', () => {
  const api = apiClient();

  it('answers a company with profile, quote, TTM ratios, ranked owners and five news items', async () => {
    const res = await api.post('/api/getCompanyOverview', { symbol: 'aapl' });
    expect(res.status).toBe(200);
    const body = companyOverviewResponse.parse(res.body);
    expect(body.source).toBe('demo');
    expect(body.data.symbol).toBe('AAPL');
    expect(body.data.profile.symbol).toBe('AAPL');
    expect(body.data.profile.companyName).toMatch(/Apple/);
    expect(body.data.quote?.symbol).toBe('AAPL');
    expect(body.data.ratiosTtm?.symbol).toBe('AAPL');
    expect(body.data.revenueQuarters).toHaveLength(4);
    const dates = body.data.revenueQuarters.map((q) => q.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data.news).toHaveLength(5);
    // The demo filers report in USD, as their income statements say.
    expect(body.data.reportedCurrency).toBe('USD');
    const shares = body.data.owners.owners.map((o) => o.shares);
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.length).toBeLessThanOrEqual(5);
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    for (const owner of body.data.owners.owners) expect(owner.percentOwnedText).toMatch(/%$/);
  });

  it('answers 400 with a clear message for a missing or malformed symbol and for unknown fields', async () => {
    for (const body of [
      {},
      { symbol: '' },
      { symbol: 'http://x' },
      { symbol: 'AAPL', extra: 1 },
      'not json',
    ]) {
      const res = await api.post<{ message?: string; errors?: Record<string, string> }>(
        '/api/getCompanyOverview',
        body,
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).not.toContain('Internal');
    }
    const res = await api.post<{ errors?: Record<string, string> }>('/api/getCompanyOverview', {
      symbol: 'not a symbol',
    });
    expect(JSON.stringify(res.body)).toContain('Enter a valid stock symbol');
  });

  it('answers 404 for a symbol the data set does not hold', async () => {
    const res = await api.post<{ message?: string }>('/api/getCompanyOverview', {
      symbol: 'ZZZZQ',
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('ZZZZQ');
  });
});
