/**
 * Banks look like banks over the ten years a value line draws (calibration.ts, BANKS): worked out
 * here from the raw statements and closes as an investor would, every bank's median P/E (close
 * at each quarter end over the four quarters' diluted EPS) and median P/B (close over equity per
 * diluted share) over the ten years to the pinned clock sit where banks trade, below the rest of
 * their sector's.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_UNIVERSE_DETAILS, demoStable, isBank } from './index.js';

const NOW = new Date('2026-03-10T21:30:00Z');
const FROM = '2016-03-10';

type Row = Record<string, unknown>;
const rows = (endpoint: string, params: Record<string, string>): Row[] =>
  demoStable(endpoint, params, NOW) as Row[];

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Ten years of quarter-end P/E and P/B from the statements and the daily closes. */
function tenYearMedians(symbol: string): { pe: number; pb: number; quarters: number } {
  const params = { symbol, period: 'quarter', limit: '44' };
  const income = rows('income-statement', params).reverse();
  const balance = new Map(rows('balance-sheet-statement', params).map((r) => [r.date, r]));
  const closes = rows('historical-price-eod/light', { symbol, from: '2015-12-01' })
    .map((r) => [String(r.date), Number(r.price)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const closeOn = (day: string) => closes.filter(([d]) => d <= day).at(-1)?.[1];
  const pes: number[] = [];
  const pbs: number[] = [];
  income.forEach((q, i) => {
    const day = String(q.date);
    const price = closeOn(day);
    if (i < 3 || day <= FROM || price === undefined) return;
    const ttm = income.slice(i - 3, i + 1).reduce((sum, r) => sum + Number(r.epsDiluted), 0);
    const equity = Number(balance.get(q.date)!.totalStockholdersEquity);
    if (ttm > 0) pes.push(price / ttm);
    pbs.push(price / (equity / Number(q.weightedAverageShsOutDil)));
  });
  return { pe: median(pes), pb: median(pbs), quarters: pes.length };
}

const banks = DEMO_UNIVERSE_DETAILS.filter(isBank);

describe('banks in the demo market', () => {
  it('every bank’s ten-year median P/E is near 10-15 and its P/B near 1-2', () => {
    expect(banks.map((b) => b.symbol)).toContain('JPM');
    for (const bank of banks) {
      const m = tenYearMedians(bank.symbol);
      expect(m.quarters, bank.symbol).toBeGreaterThanOrEqual(36);
      expect(m.pe, `${bank.symbol} median P/E`).toBeGreaterThanOrEqual(9);
      expect(m.pe, `${bank.symbol} median P/E`).toBeLessThanOrEqual(16.5);
      expect(m.pb, `${bank.symbol} median P/B`).toBeGreaterThanOrEqual(0.9);
      expect(m.pb, `${bank.symbol} median P/B`).toBeLessThanOrEqual(2.5);
    }
  });

  it('banks trade below the rest of their sector on earnings', () => {
    const others = DEMO_UNIVERSE_DETAILS.filter(
      (e) =>
        e.sector === 'Financial Services' &&
        !isBank(e) &&
        ['Insurance - Diversified', 'Financial - Data & Stock Exchanges'].includes(e.industry),
    );
    const bankMedian = median(banks.map((b) => tenYearMedians(b.symbol).pe));
    const otherMedian = median(others.map((o) => tenYearMedians(o.symbol).pe));
    expect(bankMedian).toBeLessThan(otherMedian);
  });
});
