/**
 * The whole demo universe against its calibration (calibration.ts): per sector and size, daily
 * returns, margins, multiples, growth, leverage, dividends and earnings dates look like a
 * market's, and nothing is NaN. Pinned to a moment after the close, so it never depends on the
 * wall clock.
 */
import { describe, expect, it } from 'vitest';
import { BANKS, BOUNDS, LOSS_VOLATILITY, SIZES, SPLITS, sectorCalibration } from './calibration.js';
import { DEMO_SPECIAL, DEMO_UNIVERSE_DETAILS, demoStable, isBank } from './index.js';

const NOW = new Date('2026-03-10T21:30:00Z');
const MEGA_CAP = 8e11;

type Row = Record<string, unknown>;
const rows = (endpoint: string, params: Record<string, string>): Row[] =>
  demoStable(endpoint, params, NOW) as Row[];
const num = (v: unknown): number => v as number;

function sd(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** Every number anywhere in a row is finite (null is allowed: the provider sends it). */
function expectFinite(row: Row, where: string): void {
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === 'number') expect(Number.isFinite(v), `${where} ${k}`).toBe(true);
  }
}

interface Figures {
  symbol: string;
  sector: string;
  band: string;
  loss: boolean;
  bank: boolean;
  marketCap: number;
  dailyVol: number;
  maxMove: number;
  pe: number;
  ttmNetIncome: number;
  grossMargins: number[];
  operatingMargins: number[];
  growth: number[];
  debtOverRevenue: number;
}

const figures: Figures[] = DEMO_UNIVERSE_DETAILS.map((e) => {
  const quote = rows('quote', { symbol: e.symbol })[0]!;
  expectFinite(quote, `${e.symbol} quote`);
  const history = rows('historical-price-eod/light', {
    symbol: e.symbol,
    from: '2024-03-11',
    to: '2026-03-10',
  });
  const closes = history.map((h) => num(h.price)).reverse();
  const returns = closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
  const ratios = rows('ratios-ttm', { symbol: e.symbol })[0]!;
  const metrics = rows('key-metrics-ttm', { symbol: e.symbol })[0]!;
  expectFinite(ratios, `${e.symbol} ratios-ttm`);
  expectFinite(metrics, `${e.symbol} key-metrics-ttm`);
  const income = rows('income-statement', { symbol: e.symbol, period: 'annual', limit: '10' });
  const balance = rows('balance-sheet-statement', {
    symbol: e.symbol,
    period: 'annual',
    limit: '1',
  });
  for (const r of [...income, ...balance]) expectFinite(r, `${e.symbol} statement`);
  const quarters = rows('income-statement', { symbol: e.symbol, period: 'quarter', limit: '4' });
  const ttmNetIncome = quarters.reduce((a, q) => a + num(q.netIncome), 0);
  return {
    symbol: e.symbol,
    sector: e.sector,
    band: num(quote.marketCap) >= MEGA_CAP && e.band === 'large' ? 'mega' : e.band,
    loss: DEMO_SPECIAL.losses.has(e.symbol),
    bank: isBank(e),
    marketCap: num(quote.marketCap),
    dailyVol: sd(returns),
    maxMove: Math.max(...returns.map(Math.abs)),
    pe: num(ratios.priceToEarningsRatioTTM),
    ttmNetIncome,
    grossMargins: income.map((i) => num(i.grossProfit) / num(i.revenue)),
    operatingMargins: income.map((i) => num(i.operatingIncome) / num(i.revenue)),
    growth: income.slice(0, -1).map((i, k) => num(i.revenue) / num(income[k + 1]!.revenue) - 1),
    debtOverRevenue: num(balance[0]?.totalDebt) / num(income[0]?.revenue),
  };
});

const sectors = [...new Set(figures.map((f) => f.sector))];

describe('the demo market against its calibration, over every company', () => {
  it('covers the whole universe, every sector and size', () => {
    expect(figures.length).toBe(DEMO_UNIVERSE_DETAILS.length);
    expect(sectors.length).toBe(11);
    for (const band of ['mega', 'large', 'mid', 'small'])
      expect(figures.filter((f) => f.band === band).length, band).toBeGreaterThan(5);
  });

  it('daily returns: large caps move about 1-2% a day, small caps more, with rare big days', () => {
    for (const f of figures) {
      const [lo, hi] = BOUNDS.dailyVol[f.band as keyof typeof BOUNDS.dailyVol];
      const top = hi * (f.loss ? LOSS_VOLATILITY : 1);
      expect(f.dailyVol, `${f.symbol} daily volatility`).toBeGreaterThanOrEqual(lo);
      expect(f.dailyVol, `${f.symbol} daily volatility`).toBeLessThanOrEqual(top);
    }
    const big = figures.filter((f) => (f.band === 'large' || f.band === 'mega') && !f.loss);
    const m = median(big.map((f) => f.dailyVol));
    expect(m).toBeGreaterThanOrEqual(BOUNDS.largeMedianVol[0]);
    expect(m).toBeLessThanOrEqual(BOUNDS.largeMedianVol[1]);
    for (const f of big)
      expect(f.maxMove, `${f.symbol} largest day`).toBeLessThan(BOUNDS.largeMaxMove);
    // Event days exist: most large caps had at least one day over four times their usual move.
    const withEvents = big.filter((f) => f.maxMove > 4 * f.dailyVol).length;
    expect(withEvents / big.length).toBeGreaterThan(0.5);
    // Smaller companies are more volatile, sector by sector on the whole.
    const byBand = (band: string) =>
      median(figures.filter((f) => f.band === band).map((f) => f.dailyVol));
    expect(byBand('small')).toBeGreaterThan(byBand('mid'));
    expect(byBand('mid')).toBeGreaterThan(byBand('large'));
  });

  it("profitable companies trade at P/E within reach of their sector's range", () => {
    for (const f of figures) {
      if (f.loss || f.ttmNetIncome <= 0 || DEMO_SPECIAL.turnarounds.has(f.symbol)) continue;
      // Banks have their own range, whatever their size.
      const [lo, hi] = f.bank ? BANKS.pe : sectorCalibration(f.sector).pe;
      const multiple = f.bank ? 1 : SIZES[f.band as keyof typeof SIZES].multiple;
      expect(f.pe, `${f.symbol} P/E`).toBeGreaterThanOrEqual(lo * multiple * BOUNDS.peSpread[0]);
      expect(f.pe, `${f.symbol} P/E`).toBeLessThanOrEqual(hi * multiple * BOUNDS.peSpread[1]);
    }
    // The sectors keep their usual order: energy and banks cheap, technology and REITs dear.
    const medianPe = (sector: string) =>
      median(figures.filter((f) => f.sector === sector && f.pe > 0 && !f.loss).map((f) => f.pe));
    expect(medianPe('Energy')).toBeLessThan(medianPe('Technology'));
    expect(medianPe('Financial Services')).toBeLessThan(medianPe('Consumer Defensive'));
    expect(medianPe('Utilities')).toBeLessThan(medianPe('Real Estate'));
  });

  it('market capitalisations sit in their size band', () => {
    for (const f of figures) {
      const [lo, hi] = SIZES[f.band as keyof typeof SIZES].marketCap;
      expect(f.marketCap, `${f.symbol} market cap`).toBeGreaterThan(lo / 2.5);
      expect(f.marketCap, `${f.symbol} market cap`).toBeLessThan(hi * 2.5);
    }
  });

  it('margins move from year to year around an industry level; loss-makers lose money', () => {
    for (const f of figures) {
      expect(sd(f.operatingMargins), `${f.symbol} operating margin moves`).toBeGreaterThan(
        BOUNDS.minMarginMovement,
      );
      if (f.bank) continue; // banks have no cost of revenue: gross margin is 100% every year
      expect(sd(f.grossMargins), `${f.symbol} gross margin moves`).toBeGreaterThan(
        BOUNDS.minMarginMovement,
      );
      const [lo, hi] = sectorCalibration(f.sector).grossMargin;
      for (const gm of f.grossMargins) {
        expect(gm, `${f.symbol} gross margin`).toBeLessThan(
          Math.min(0.99, hi + BOUNDS.grossMarginSlack),
        );
        expect(gm, `${f.symbol} gross margin`).toBeGreaterThan(
          f.loss ? 0 : lo - BOUNDS.grossMarginSlack,
        );
      }
    }
    for (const f of figures.filter((x) => x.loss)) {
      expect(f.ttmNetIncome, `${f.symbol} loses money`).toBeLessThan(0);
    }
    // A carmaker still losing money sells near cost, not at a luxury brand's margin.
    const rivn = figures.find((f) => f.symbol === 'RIVN')!;
    expect(Math.max(...rivn.grossMargins)).toBeLessThan(0.2);
  });

  it('growth reverts to a mean: it varies from year to year within sensible bounds', () => {
    for (const f of figures) {
      if (f.growth.length < 5) continue;
      for (const g of f.growth) {
        expect(g, `${f.symbol} growth`).toBeGreaterThan(BOUNDS.growth[0]);
        expect(g, `${f.symbol} growth`).toBeLessThan(BOUNDS.growth[1]);
      }
      expect(sd(f.growth), `${f.symbol} growth varies`).toBeGreaterThan(0.005);
    }
  });

  it('leverage differs by sector: utilities and real estate borrow more than technology', () => {
    const lev = (sector: string) =>
      median(figures.filter((f) => f.sector === sector && !f.bank).map((f) => f.debtOverRevenue));
    expect(lev('Utilities')).toBeGreaterThan(2 * lev('Technology'));
    expect(lev('Real Estate')).toBeGreaterThan(2 * lev('Technology'));
  });

  it('dividends: payers pay every quarter and raise rather than cut; non-payers pay nothing', () => {
    let payers = 0;
    for (const e of DEMO_UNIVERSE_DETAILS) {
      const list = rows('dividends', { symbol: e.symbol });
      const payer = !DEMO_SPECIAL.losses.has(e.symbol) && !DEMO_SPECIAL.noDividend.has(e.symbol);
      if (!payer) {
        expect(list, `${e.symbol} pays no dividend`).toEqual([]);
        continue;
      }
      if (list.length === 0) continue; // a recent listing has not declared one yet
      payers += 1;
      const lastYear = list.filter((d) => (d.date as string) > '2025-03-10');
      if (list.length >= 8) expect(lastYear.length, `${e.symbol} quarterly`).toBe(4);
      for (const d of list) {
        expect(num(d.dividend)).toBeGreaterThan(0);
        expect((d.declarationDate as string) < (d.date as string)).toBe(true);
        expect((d.date as string) <= (d.recordDate as string)).toBe(true);
        expect((d.recordDate as string) < (d.paymentDate as string)).toBe(true);
      }
      const yields = list.slice(0, 4).map((d) => num(d.yield));
      for (const y of yields)
        expect(y, `${e.symbol} yield %`).toBeLessThan(BOUNDS.maxDividendYield);
    }
    expect(payers).toBeGreaterThan(DEMO_UNIVERSE_DETAILS.length / 3);
  });

  it('dividends: the record date is the ex-date under T+1 settlement, a weekday or two after it before', () => {
    const ko = rows('dividends', { symbol: 'KO' });
    const on = (ex: string) => ko.find((d) => d.date === ex)!;
    // T+1 from 2024-05-28: ex-date and record date are one day.
    expect(on('2024-06-07').recordDate).toBe('2024-06-07');
    // T+2: a Friday ex-date is on record on Monday; T+3 (before 2017-09-05): on Tuesday.
    expect(on('2024-03-08').recordDate).toBe('2024-03-11');
    expect(on('2017-06-09').recordDate).toBe('2017-06-13');
    for (const d of ko) {
      const ex = d.date as string;
      const record = d.recordDate as string;
      const weekdaysBetween = (() => {
        let n = 0;
        for (let t = Date.parse(ex) + 86_400_000; t <= Date.parse(record); t += 86_400_000)
          if (![0, 6].includes(new Date(t).getUTCDay())) n++;
        return n;
      })();
      expect(weekdaysBetween, ex).toBe(ex >= '2024-05-28' ? 0 : ex >= '2017-09-05' ? 1 : 2);
    }
  });

  it('splits: a few, forward and reverse, in the last years', () => {
    expect(SPLITS.some((s) => s.numerator < s.denominator)).toBe(true);
    expect(SPLITS.some((s) => s.numerator / s.denominator === 4)).toBe(true);
    expect(SPLITS.some((s) => s.numerator / s.denominator === 10)).toBe(true);
    for (const s of SPLITS) expect(rows('splits', { symbol: s.symbol })).toContainEqual(s);
    expect(rows('splits', { symbol: 'KO' })).toEqual([]);
  });

  it('an earnings date every quarter', () => {
    for (const e of DEMO_UNIVERSE_DETAILS) {
      const dates = rows('earnings', { symbol: e.symbol })
        .filter((r) => r.epsActual !== null)
        .slice(0, 8)
        .map((r) => Date.parse(r.date as string));
      for (let k = 1; k < dates.length; k++) {
        const gap = (dates[k - 1]! - dates[k]!) / 86_400_000;
        expect(gap, `${e.symbol} days between reports`).toBeGreaterThan(BOUNDS.reportGap[0]);
        expect(gap, `${e.symbol} days between reports`).toBeLessThan(BOUNDS.reportGap[1]);
      }
    }
  });
});
