import { describe, expect, it } from 'vitest';
import { demoStable } from './index.js';

/*
 * The demo market's S&P 500 index fund (decision 187): prices and dividends of the index's
 * total return, as the provider serves a fund's.
 */

type Row = Record<string, number | string>;
const NOW = new Date('2026-03-10T15:30:00Z');

function get(endpoint: string, params: Record<string, string>, now: Date = NOW): Row[] {
  const res = demoStable(endpoint, params, now);
  if (!Array.isArray(res)) throw new Error(`${endpoint}: ${JSON.stringify(res)}`);
  return res as Row[];
}

describe('the demo market’s S&P 500 index fund (SPY)', () => {
  it('closes at a tenth of the index and pays the index’s dividends every quarter', () => {
    const spy = get('historical-price-eod/full', { symbol: 'SPY', from: '2025-01-01' });
    const index = get('historical-price-eod/full', { symbol: '^GSPC', from: '2025-01-01' });
    expect(spy.length).toBe(index.length);
    for (let i = 0; i < spy.length; i++) {
      expect(spy[i]!.date).toBe(index[i]!.date);
      expect(Math.abs(Number(spy[i]!.close) - Number(index[i]!.close) / 10)).toBeLessThan(0.006);
    }
    const dividends = get('dividends', { symbol: 'SPY' });
    const in2025 = dividends.filter((d) => String(d.date).startsWith('2025'));
    expect(in2025).toHaveLength(4);
    const close = Number(spy.find((b) => String(b.date).startsWith('2025-12'))!.close);
    const paid = in2025.reduce((t, d) => t + Number(d.adjDividend), 0);
    expect(paid / close).toBeGreaterThan(0.01);
    expect(paid / close).toBeLessThan(0.015);
    // None declared after the day asked about.
    expect(dividends.every((d) => String(d.declarationDate) <= '2026-03-10')).toBe(true);
  });
});
