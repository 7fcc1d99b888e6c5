/**
 * Analysts' consensus in the demo market (`analyst-estimates?symbol=&period=annual`, decision
 * 185): for each fiscal year, the mean, lowest and highest estimate of EPS, revenue, EBITDA,
 * EBIT, net income and SG&A, and how many analysts gave one, as the consensus stood on the day
 * asked about.
 *
 * - **Coverage.** A fiscal year is covered from the day the annual report of the year three
 *   before it is filed (so the next three unreported years always have a consensus), and not
 *   before 25 days after the listing (the quiet period).
 * - **Revisions.** The consensus is revised on the first weekday of every month and on the
 *   session after each quarterly report, until the day before the year's annual results are
 *   announced. Its error against the figures later reported is a random walk backwards from
 *   the last revision: at the report the consensus sits a little below the result (a median
 *   surprise of about +2%, beaten about 7 years in 10), and farther out it is wider and
 *   optimistic (about +3% a year of distance, a spread of 6% over a year), so revisions drift
 *   down as a real consensus does.
 * - **Dispersion.** The lowest and highest estimates sit 2% to 18% of the figure either side
 *   of the mean, wider the farther the report; 4 to 40 analysts by the company's size, fewer
 *   for the farthest year.
 * - **Past years.** A year whose results are out keeps the consensus of its last revision
 *   before the announcement: what the estimate was before the report.
 *
 * The figures later reported are those of a copy of the company built to a fixed horizon, so
 * a consensus published on a day is the same whatever day it is read on.
 */
import { dayOf, isoOf, monthEndDay, monthIndexOfDay, weekday } from './calendar.js';
import { Company, isMegaCap, type Quarter } from './company.js';
import { round2 } from './fundamentals.js';
import { gauss, u01 } from './random.js';
import type { UniverseEntry } from './universe.js';

/** The copy of each company built to this day: every fiscal year estimated is in it. */
const HORIZON_DAY = dayOf('2032-12-31');
/** Fiscal years ahead of the last reported one that have a consensus. */
export const COVERED_YEARS = 3;
/** Days after a listing before analysts publish (the quiet period). */
const QUIET_DAYS = 25;

/** A fiscal year as it will be reported, and its schedule. */
interface FiscalYear {
  fiscalYear: number;
  endDay: number;
  /** The day its annual results are announced (the fourth quarter's announcement). */
  announceDay: number;
  /** The day the annual report is filed. */
  filingDay: number;
  eps: number;
  revenue: number;
  ebitda: number;
  ebit: number;
  netIncome: number;
  sga: number;
  dilutedShares: number;
}

interface Coverage {
  years: FiscalYear[];
  /** The sessions after each quarter's announcement: the consensus is revised on each. */
  afterReports: Set<number>;
  /** The first day any estimate may be published. */
  firstDay: number;
  seed: number;
  analysts: number;
}

const coverages = new Map<string, Coverage>();

function weekdayOnOrAfter(day: number): number {
  let d = day;
  while (weekday(d) === 0 || weekday(d) === 6) d++;
  return d;
}

/** Analysts following a company of this size for the coming year. */
function analystsFor(entry: UniverseEntry): number {
  if (isMegaCap(entry.symbol)) return 40;
  return entry.band === 'large' ? 22 : entry.band === 'mid' ? 9 : 4;
}

function coverageOf(entry: UniverseEntry): Coverage {
  let c = coverages.get(entry.symbol);
  if (c) return c;
  const twin = new Company(entry);
  twin.ensureQuarters(monthIndexOfDay(HORIZON_DAY));
  const quarters = twin.quarters;
  const years: FiscalYear[] = [];
  for (let i = 0; i + 3 < quarters.length; i++) {
    if (quarters[i]!.period !== 'Q1') continue;
    const four = quarters.slice(i, i + 4);
    const q4 = four[3]!;
    const sum = (f: (q: Quarter) => number) => four.reduce((t, q) => t + f(q), 0);
    const netIncome = sum((q) => q.income.netIncome);
    // As the annual statement counts them: basic shares in a loss year (anti-dilution).
    const shares = Math.round(
      sum((q) =>
        netIncome < 0 ? q.income.weightedAverageShsOut : q.income.weightedAverageShsOutDil,
      ) / 4,
    );
    years.push({
      fiscalYear: q4.fiscalYear,
      endDay: q4.endDay,
      announceDay: q4.announceDay,
      filingDay: q4.filingDay,
      eps: shares > 0 ? round2(netIncome / shares) : 0,
      revenue: sum((q) => q.income.revenue),
      ebitda: sum((q) => q.income.ebitda),
      ebit: sum((q) => q.income.ebit),
      netIncome,
      sga: sum((q) => q.income.sellingGeneralAndAdministrativeExpenses),
      dilutedShares: shares,
    });
  }
  const listed = twin.params.listingDay ?? twin.params.ipoDay;
  c = {
    years,
    afterReports: new Set(quarters.map((q) => weekdayOnOrAfter(q.announceDay + 1))),
    firstDay: Math.max(
      (quarters[0]?.filingDay ?? 0) + 1,
      listed === null ? 0 : listed + QUIET_DAYS,
    ),
    seed: twin.params.seed,
    analysts: analystsFor(entry),
  };
  coverages.set(entry.symbol, c);
  return c;
}

/**
 * The days the consensus of a year is revised, oldest first: its first day, the first weekday
 * of each month and the session after each quarterly announcement, before `until`.
 */
function revisionDays(c: Coverage, from: number, until: number): number[] {
  const days = new Set<number>([from]);
  for (let m = monthIndexOfDay(from) + 1; ; m++) {
    const first = weekdayOnOrAfter(monthEndDay(m - 1) + 1);
    if (first >= until) break;
    days.add(first);
  }
  for (const after of c.afterReports) if (after > from && after < until) days.add(after);
  return [...days].filter((d) => d < until).sort((a, b) => a - b);
}

/** When a fiscal year's consensus is first published: after the report of three years before. */
function coverageStart(c: Coverage, index: number): number {
  const before = c.years[index - COVERED_YEARS];
  const start = before ? before.filingDay + 1 : c.firstDay;
  return Math.max(start, c.firstDay);
}

/** One fiscal year's row as its consensus stood on `day` (null before it was covered). */
function rowOn(c: Coverage, index: number, day: number, symbol: string) {
  const year = c.years[index]!;
  const start = coverageStart(c, index);
  if (day < start) return null;
  // The consensus stops moving the day before the year's results are announced.
  const until = year.announceDay;
  const revisions = revisionDays(c, start, until);
  if (revisions.length === 0) return null;
  let at = revisions.length - 1;
  while (at > 0 && revisions[at]! > day) at--;
  // The error is walked backwards from the last revision before the report.
  const salt = year.fiscalYear * 7;
  let error = -0.02 + 0.035 * gauss(c.seed, salt, 71);
  for (let j = revisions.length - 1; j > at; j--) {
    const gapYears = (revisions[j]! - revisions[j - 1]!) / 365.25;
    const afterReport = c.afterReports.has(revisions[j]!) ? 1.5 : 1;
    error +=
      0.03 * gapYears +
      0.06 * Math.sqrt(gapYears) * afterReport * gauss(c.seed, revisions[j]!, salt);
  }
  const revised = revisions[at]!;
  const yearsOut = Math.max(0, (until - revised) / 365.25);
  const perShareRevenue = year.dilutedShares > 0 ? year.revenue / year.dilutedShares : 0;
  // Small or negative earnings: the error is a share of a margin on sales, not of the figure.
  const epsScale = Math.max(Math.abs(year.eps), 0.03 * perShareRevenue, 0.05);
  const ebitdaScale = Math.max(Math.abs(year.ebitda), 0.05 * year.revenue);
  const eps = round2(year.eps + error * epsScale);
  const revenue = Math.round(year.revenue * (1 + 0.35 * error));
  const ebitda = Math.round(year.ebitda + 0.7 * error * ebitdaScale);
  const ebit = Math.round(ebitda - (year.ebitda - year.ebit));
  const netIncome = Math.round(eps * year.dilutedShares);
  const sga = Math.round(year.sga * (1 + 0.3 * error));
  // Spread either side of the mean, wider the farther the report.
  const width = 0.02 + 0.055 * Math.min(yearsOut, 3) ** 0.8;
  const below = width * (0.8 + 0.4 * u01(c.seed, revised, salt + 1));
  const above = width * (0.8 + 0.4 * u01(c.seed, revised, salt + 2));
  const spread = (mean: number, scale: number, round: (n: number) => number) => ({
    low: round(mean - below * scale),
    high: round(mean + above * scale),
  });
  const epsRange = spread(eps, epsScale, round2);
  const revenueRange = spread(revenue, Math.abs(revenue) * 0.4, Math.round);
  const ebitdaRange = spread(ebitda, ebitdaScale * 0.7, Math.round);
  const ebitRange = spread(ebit, ebitdaScale * 0.7, Math.round);
  const netIncomeRange = {
    low: Math.round(epsRange.low * year.dilutedShares),
    high: Math.round(epsRange.high * year.dilutedShares),
  };
  const sgaRange = spread(sga, Math.abs(sga) * 0.3, Math.round);
  const share = yearsOut > 2 ? 0.45 : yearsOut > 1 ? 0.8 : 1;
  const analysts = Math.max(
    1,
    Math.round(c.analysts * share * (0.85 + 0.3 * u01(c.seed, revised, salt + 3))),
  );
  return {
    symbol,
    date: isoOf(year.endDay),
    revenueLow: revenueRange.low,
    revenueHigh: revenueRange.high,
    revenueAvg: revenue,
    ebitdaLow: ebitdaRange.low,
    ebitdaHigh: ebitdaRange.high,
    ebitdaAvg: ebitda,
    ebitLow: ebitRange.low,
    ebitHigh: ebitRange.high,
    ebitAvg: ebit,
    netIncomeLow: netIncomeRange.low,
    netIncomeHigh: netIncomeRange.high,
    netIncomeAvg: netIncome,
    sgaExpenseLow: sgaRange.low,
    sgaExpenseHigh: sgaRange.high,
    sgaExpenseAvg: sga,
    epsAvg: eps,
    epsHigh: epsRange.high,
    epsLow: epsRange.low,
    numAnalystsRevenue: analysts + Math.round(analysts * 0.15),
    numAnalystsEps: analysts,
  };
}

/**
 * `analyst-estimates`: the annual consensus of every fiscal year covered by `day`, newest first
 * (the provider's order), at most `limit` rows. The demo publishes annual estimates only.
 */
export function analystEstimates(
  entry: UniverseEntry,
  day: number,
  params: Record<string, string>,
): unknown[] {
  if ((params.period ?? 'annual').toLowerCase() !== 'annual') return [];
  const c = coverageOf(entry);
  const rows: unknown[] = [];
  for (let i = c.years.length - 1; i >= 0; i--) {
    const row = rowOn(c, i, day, entry.symbol);
    if (row) rows.push(row);
  }
  const limit = Number(params.limit);
  return rows.slice(0, Number.isFinite(limit) && limit > 0 ? Math.floor(limit) : 10);
}

/** The days a fiscal year's consensus was revised by `day` (for the tests of the demo market). */
export function estimateRevisions(entry: UniverseEntry, fiscalYear: number, day: number): string[] {
  const c = coverageOf(entry);
  const index = c.years.findIndex((y) => y.fiscalYear === fiscalYear);
  if (index < 0) return [];
  const start = coverageStart(c, index);
  return revisionDays(c, start, c.years[index]!.announceDay)
    .filter((d) => d <= day)
    .map(isoOf);
}
