import { describe, expect, it, vi } from 'vitest';
import { DEMO_UNIVERSE, demoStable } from './index.js';
import { estimateRevisions } from './estimates.js';
import { UNIVERSE_BY_SYMBOL } from './universe.js';

/*
 * Analysts' consensus in the demo market (decision 185): the shape of the provider's
 * `analyst-estimates`, a realistic dispersion and rate of beats, revisions that move the
 * consensus, and point in time: what is served on a day is what had been published by then,
 * and a reported year keeps the consensus of the day before its results.
 */

vi.setConfig({ testTimeout: 120_000 });

type Row = Record<string, number | string>;
const NOW = new Date('2026-03-10T15:30:00Z');
const eveningOf = (day: string) => new Date(`${day}T21:00:00Z`);

function get(endpoint: string, params: Record<string, string>, now: Date = NOW): Row[] {
  const res = demoStable(endpoint, params, now);
  if (!Array.isArray(res)) throw new Error(`${endpoint}: ${JSON.stringify(res)}`);
  return res as Row[];
}
const estimates = (symbol: string, now: Date = NOW, limit = '40') =>
  get('analyst-estimates', { symbol, period: 'annual', limit }, now);
const annual = (symbol: string, now: Date = NOW) =>
  get('income-statement', { symbol, period: 'annual', limit: '40' }, now);

describe('the demo market’s analysts’ estimates', () => {
  it('answer in the provider’s shape, newest year first, with a range around each mean and the analysts counted', () => {
    const rows = estimates('MSFT');
    expect(rows.length).toBeGreaterThan(10);
    const fields = ['revenue', 'ebitda', 'ebit', 'netIncome', 'sgaExpense', 'eps'];
    for (const row of rows) {
      expect(row.symbol).toBe('MSFT');
      expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const f of fields) {
        expect(typeof row[`${f}Avg`], f).toBe('number');
        expect(row[`${f}Low`]! <= row[`${f}Avg`]!, `${row.date} ${f} low`).toBe(true);
        expect(row[`${f}High`]! >= row[`${f}Avg`]!, `${row.date} ${f} high`).toBe(true);
      }
      expect(Number(row.numAnalystsEps)).toBeGreaterThanOrEqual(1);
      expect(Number(row.numAnalystsRevenue)).toBeGreaterThanOrEqual(Number(row.numAnalystsEps));
    }
    const dates = rows.map((r) => String(r.date));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(estimates('MSFT', NOW, '5')).toEqual(rows.slice(0, 5));
    expect(get('analyst-estimates', { symbol: 'MSFT', period: 'quarter' })).toEqual([]);
    expect(get('analyst-estimates', { symbol: 'NOPE' })).toEqual([]);
  });

  it('cover the next three fiscal years not yet reported, the farthest by fewer analysts and a wider range', () => {
    for (const symbol of ['AAPL', 'MSFT', 'JPM', 'KO', 'RIVN', 'CAVA']) {
      const reported = new Set(annual(symbol).map((r) => String(r.date)));
      const coming = estimates(symbol).filter((r) => !reported.has(String(r.date)));
      expect(coming.length, symbol).toBe(3);
      const [far, , near] = coming;
      expect(Number(far!.numAnalystsEps), symbol).toBeLessThanOrEqual(Number(near!.numAnalystsEps));
      const width = (r: Row) =>
        (Number(r.revenueHigh) - Number(r.revenueLow)) / Number(r.revenueAvg);
      expect(width(far!), symbol).toBeGreaterThan(width(near!));
    }
  });

  it('are revised: the consensus of a coming year moves from month to month and after each report', () => {
    const entry = UNIVERSE_BY_SYMBOL.get('MSFT')!;
    // The revisions up to the test clock's day (a day number).
    const revisions = estimateRevisions(entry, 2027, Math.floor(NOW.getTime() / 86_400_000));
    expect(revisions.length).toBeGreaterThan(12);
    const values = revisions.map((day) =>
      estimates('MSFT', eveningOf(day)).find((r) => String(r.date).startsWith('2027'))!,
    );
    const means = new Set(values.map((r) => r.epsAvg));
    expect(means.size).toBeGreaterThan(revisions.length / 2);
    // Between two revisions the consensus holds.
    const last = revisions.at(-1)!;
    expect(estimates('MSFT', eveningOf(last))).toEqual(estimates('MSFT', NOW));
  });

  it('are served as published by the day asked: a year reported keeps the consensus of the day before its results', () => {
    for (const symbol of ['AAPL', 'KO', 'NVDA']) {
      const before = estimates(symbol, new Date('2024-06-11T21:00:00Z'));
      const after = estimates(symbol);
      const reportedByThen = new Set(
        annual(symbol, new Date('2024-06-11T21:00:00Z')).map((r) => String(r.date)),
      );
      // A year reported by the earlier day is served the same on the later one.
      for (const row of before.filter((r) => reportedByThen.has(String(r.date))))
        expect(
          after.find((r) => r.date === row.date),
          `${symbol} ${row.date}`,
        ).toEqual(row);
      // Nothing is served for a year not yet covered then.
      expect(before.length).toBeLessThan(after.length);
      expect(new Set(before.map((r) => r.date)).has(after[0]!.date)).toBe(false);
    }
    // The year reported since: the consensus of its last revision before the announcement.
    const fy = annual('AAPL').find((r) => String(r.date).startsWith('2025'))!;
    const earnings = get('earnings', { symbol: 'AAPL' });
    const announced = String(earnings.filter((e) => String(e.date) > String(fy.date)).at(-1)!.date);
    const dayBefore = new Date(Date.parse(`${announced}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const then = estimates('AAPL', eveningOf(dayBefore)).find((r) => r.date === fy.date);
    expect(estimates('AAPL').find((r) => r.date === fy.date)).toEqual(then);
  });

  it('are met about as often as a real consensus is, and narrow toward the figures as the report nears', () => {
    let met = 0;
    let years = 0;
    const errorsNear: number[] = [];
    const errorsFar: number[] = [];
    const surprises: number[] = [];
    const sample = DEMO_UNIVERSE.filter((_, i) => i % 4 === 0);
    const twoYearsBefore = new Date('2024-03-12T21:00:00Z');
    for (const { symbol } of sample) {
      const rows = estimates(symbol);
      const early = estimates(symbol, twoYearsBefore);
      for (const r of annual(symbol)) {
        const e = rows.find((x) => x.date === r.date);
        if (!e) continue;
        years++;
        if (Number(r.epsDiluted) >= Number(e.epsAvg)) met++;
        if (Number(e.epsAvg) > 0.5) {
          surprises.push(Number(r.epsDiluted) / Number(e.epsAvg) - 1);
          errorsNear.push(Math.abs(Number(r.revenue) / Number(e.revenueAvg) - 1));
        }
        const far = early.find((x) => x.date === r.date && String(x.date) >= '2025-06-01');
        if (far) errorsFar.push(Math.abs(Number(r.revenue) / Number(far.revenueAvg) - 1));
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
    expect(years).toBeGreaterThan(1000);
    expect(met / years).toBeGreaterThan(0.6);
    expect(met / years).toBeLessThan(0.85);
    expect(median(surprises)).toBeGreaterThan(0);
    expect(median(surprises)).toBeLessThan(0.05);
    expect(errorsFar.length).toBeGreaterThan(50);
    expect(median(errorsFar)).toBeGreaterThan(2 * median(errorsNear));
  });
});
