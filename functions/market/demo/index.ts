/**
 * The embedded demo market data set, answering in exactly the shapes of the FMP stable API.
 *
 *   demoStable('quote', { symbol: 'AAPL' }, now) -> [{ symbol, name, price, ... }]
 *
 * Figures are generated deterministically from the symbol (and, for prices, the moment asked
 * about); facts about the companies are limited to symbol, name, exchange, sector and industry.
 * Generation is lazy and memoised per symbol.
 *
 * Special cases (see SPECIAL in universe.ts): losses (e.g. RIVN, LCID, SNAP, MRNA, PLUG),
 * early losses turned profitable (e.g. TSLA, AMZN, PLTR, CCL), negative book value (e.g. MCD,
 * SBUX, LOW, AZO, ORLY, PM, MO, BA), no dividends (e.g. AMZN, TSLA, BRK-B, every loss maker),
 * short histories (ARM, ALAB, CAVA, BIRK, KVUE, RDDT, GEV, VLTO, KLG, SOLV, CEG, RIVN) and
 * bank-like statements (Financial Services banks such as JPM, BAC, WFC, C, USB, PNC, HOPE).
 */
import {
  DAY_MS,
  SESSION_OPEN_MIN,
  dayOf,
  hhmmss,
  isoOf,
  monthEndDay,
  monthIndexOfDay,
  sessionLength,
  weekday,
} from './calendar.js';
import { asServedOn } from './as-of.js';
import { SPLITS } from './calibration.js';
import { Company, sharesAt, type Quarter } from './company.js';
import { HOLDERS, description, newsForDay } from './content.js';
import { analystEstimates } from './estimates.js';
import {
  annualPeriods,
  balanceSheet,
  cashFlowStatement,
  cikOf,
  incomeStatement,
  keyMetricsRow,
  keyMetricsTtmRow,
  quarterPeriod,
  ratiosRow,
  ratiosTtmRow,
  round2,
  ttmPeriod,
  type Period,
} from './fundamentals.js';
import { ensureCalendar, tradingDays, tradingIndexAtOrBefore, yearsFromAnchor } from './market.js';
import { Instrument, liveState, marketClock, type LiveState, type MarketClock } from './prices.js';
import { mulberry32, normal1 as gauss, seedOf, u01 } from './random.js';
import { UNIVERSE, UNIVERSE_BY_SYMBOL, type DemoCompany } from './universe.js';

export { SPECIAL as DEMO_SPECIAL, UNIVERSE as DEMO_UNIVERSE_DETAILS, isBank } from './universe.js';

export const DEMO_UNIVERSE: readonly DemoCompany[] = UNIVERSE.map(
  ({ symbol, name, exchange, sector, industry }) => ({
    symbol,
    name,
    exchange,
    sector,
    industry,
  }),
);

export type DemoResponse = unknown[] | { 'Error Message': string };

// ---------------------------------------------------------------------------------------------
// Instruments

const companies = new Map<string, Company>();

function company(symbol: string): Company | null {
  const entry = UNIVERSE_BY_SYMBOL.get(symbol.toUpperCase());
  if (!entry) return null;
  let c = companies.get(entry.symbol);
  if (!c) {
    c = new Company(entry);
    companies.set(entry.symbol, c);
  }
  return c;
}

/**
 * Drops the instruments made so far; each is made again, the same, when next asked for. A bench
 * that stands the demo market in for a provider elsewhere drops them once the market cache holds
 * what it reads, so that the function's heap is its own.
 */
export function forgetDemoInstruments(): void {
  companies.clear();
  indexInstruments.clear();
}

interface IndexDef {
  symbol: string;
  name: string;
  level: number;
  drift: number;
  beta: number;
  volume: number;
}
const INDEXES: readonly IndexDef[] = [
  { symbol: '^GSPC', name: 'S&P 500', level: 6800, drift: 0.095, beta: 1.0, volume: 3.2e9 },
  { symbol: '^NYA', name: 'NYSE Composite', level: 21000, drift: 0.06, beta: 0.9, volume: 4.1e9 },
  {
    symbol: '^DJI',
    name: 'Dow Jones Industrial Average',
    level: 47000,
    drift: 0.085,
    beta: 0.85,
    volume: 4.5e8,
  },
  {
    symbol: '^IXIC',
    name: 'NASDAQ Composite',
    level: 23000,
    drift: 0.125,
    beta: 1.3,
    volume: 7.5e9,
  },
];
const indexInstruments = new Map<string, Instrument>();

function indexInstrument(symbol: string): { def: IndexDef; inst: Instrument } | null {
  const def = INDEXES.find((d) => d.symbol === symbol.toUpperCase());
  if (!def) return null;
  let inst = indexInstruments.get(def.symbol);
  if (!inst) {
    inst = new Instrument({
      seed: seedOf(def.symbol),
      startIndex: 0,
      beta: def.beta,
      sigma: 0.002,
      logFair: (day) => Math.log(def.level) + def.drift * yearsFromAnchor(day),
      volume: () => def.volume,
    });
    indexInstruments.set(def.symbol, inst);
  }
  return { def, inst };
}

// ---------------------------------------------------------------------------------------------
// Context of a request

interface Ctx {
  now: Date;
  clock: MarketClock;
  today: number;
}

function ctxOf(now: Date): Ctx {
  const clock = marketClock(now);
  return { now, clock, today: clock.ny.day };
}

function prepared(c: Company, ctx: Ctx): Company {
  c.ensureQuarters(monthIndexOfDay(ctx.today) + 6);
  return c;
}

/** Quarters filed on or before today, oldest first. */
function filedQuarters(c: Company, ctx: Ctx): Quarter[] {
  return c.quarters.filter((q) => q.filingDay <= ctx.today);
}

/** Shares behind market cap: the newest filed quarter's weighted diluted shares. */
function latestShares(c: Company, ctx: Ctx): number {
  const k = c.lastFiledIndex(ctx.today);
  return k >= 0 ? c.dilutedShares(k) : Math.round(sharesAt(c.params, yearsFromAnchor(ctx.today)));
}

// ---------------------------------------------------------------------------------------------
// Prices

function eodRange(inst: Instrument, clock: MarketClock, params: Record<string, string>): number[] {
  const days = tradingDays();
  const last = clock.lastCompleteIndex;
  let first = inst.spec.startIndex;
  if (params.from) first = Math.max(first, tradingIndexAtOrBefore(dayOf(params.from) - 1) + 1);
  let end = last;
  if (params.to) end = Math.min(end, tradingIndexAtOrBefore(dayOf(params.to)));
  const out: number[] = [];
  for (let i = end; i >= first; i--) if (days[i] !== undefined) out.push(i);
  return out;
}

function eodFull(symbol: string, inst: Instrument, ctx: Ctx, params: Record<string, string>) {
  return eodRange(inst, ctx.clock, params).map((i) => {
    const b = inst.bar(i);
    const change = round2(b.close - b.open);
    return {
      symbol,
      date: isoOf(b.day),
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: b.volume,
      change,
      changePercent: Math.round((change / b.open) * 100 * 1e5) / 1e5,
      vwap: round2((b.high + b.low + b.close) / 3),
    };
  });
}

function eodLight(symbol: string, inst: Instrument, ctx: Ctx, params: Record<string, string>) {
  return eodRange(inst, ctx.clock, params).map((i) => {
    const b = inst.bar(i);
    return { symbol, date: isoOf(b.day), price: b.close, volume: b.volume };
  });
}

const INTERVALS: Record<string, number> = {
  '1min': 1,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '1hour': 60,
  '4hour': 240,
};

function intraday(inst: Instrument, ctx: Ctx, size: number, params: Record<string, string>) {
  const { clock } = ctx;
  const days = tradingDays();
  const newest = clock.liveIndex >= 0 ? clock.liveIndex : clock.lastCompleteIndex;
  const oldest = Math.max(clock.intradayFrom, inst.spec.startIndex);
  let sessions: number[] = [];
  for (let i = newest; i >= oldest; i--) sessions.push(i);
  if (params.from || params.to) {
    const from = params.from ? dayOf(params.from) : -Infinity;
    const to = params.to ? dayOf(params.to) : Infinity;
    sessions = sessions.filter((i) => (days[i] ?? 0) >= from && (days[i] ?? 0) <= to);
  } else sessions = sessions.slice(0, 5);
  const out: {
    date: string;
    open: number;
    low: number;
    high: number;
    close: number;
    volume: number;
  }[] = [];
  for (const i of sessions) {
    const { bars } = inst.minutes(i);
    const live = i === clock.liveIndex;
    // Bars to the session's close on the exchange calendar (13:00 on an early close).
    const length = sessionLength(days[i] ?? 0);
    const upTo = live ? Math.min(length - 1, Math.floor(clock.liveMinute)) : length - 1;
    const state = live ? liveState(inst, clock) : null;
    const rows: typeof out = [];
    for (let start = 0; start <= upTo; start += size) {
      let open = 0;
      let high = -Infinity;
      let low = Infinity;
      let close = 0;
      let volume = 0;
      for (let m = start; m < start + size && m <= upTo; m++) {
        const bar = bars[m];
        if (!bar) continue;
        const partial = live && m === upTo;
        const c = partial && state ? state.price : bar.close;
        if (m === start) open = bar.open;
        high = Math.max(high, partial ? Math.max(bar.open, c) : bar.high);
        low = Math.min(low, partial ? Math.min(bar.open, c) : bar.low);
        close = c;
        volume += partial ? Math.round(bar.volume * (clock.liveMinute - upTo)) : bar.volume;
      }
      rows.push({
        date: `${isoOf(days[i] ?? 0)} ${hhmmss(SESSION_OPEN_MIN + start)}`,
        open,
        low,
        high,
        close,
        volume,
      });
    }
    out.push(...rows.reverse());
  }
  return out;
}

function yearRange(
  inst: Instrument,
  clock: MarketClock,
  state: LiveState,
): { high: number; low: number } {
  let high = state.dayHigh;
  let low = state.dayLow;
  const first = Math.max(inst.spec.startIndex, state.index - 251);
  for (let i = first; i < state.index; i++) {
    const b = inst.bar(i);
    if (b.high > high) high = b.high;
    if (b.low < low) low = b.low;
  }
  return { high, low };
}

function average(
  inst: Instrument,
  lastIndex: number,
  n: number,
  pick: 'close' | 'volume',
  _clock: MarketClock,
): number {
  const first = Math.max(inst.spec.startIndex, lastIndex - n + 1);
  let s = 0;
  let k = 0;
  for (let i = first; i <= lastIndex; i++) {
    s += pick === 'close' ? inst.close(i) : inst.bar(i).volume;
    k++;
  }
  return k ? s / k : 0;
}

function quoteRow(symbol: string, ctx: Ctx) {
  const idx = indexInstrument(symbol);
  const c = idx ? null : company(symbol);
  if (!idx && !c) return null;
  const inst = idx ? idx.inst : c!.instrument;
  // Not listed yet (no session of its shares has started): no quote.
  const session = ctx.clock.liveIndex >= 0 ? ctx.clock.liveIndex : ctx.clock.lastCompleteIndex;
  if (session < inst.spec.startIndex) return null;
  const state = liveState(inst, ctx.clock);
  const range = yearRange(inst, ctx.clock, state);
  const change = round2(state.price - state.previousClose);
  return {
    symbol: idx ? idx.def.symbol : c!.entry.symbol,
    name: idx ? idx.def.name : c!.entry.name,
    price: state.price,
    changePercentage: state.previousClose
      ? ((state.price - state.previousClose) / state.previousClose) * 100
      : 0,
    change,
    volume: state.volume,
    dayLow: state.dayLow,
    dayHigh: state.dayHigh,
    yearHigh: range.high,
    yearLow: range.low,
    marketCap: idx ? 0 : state.price * latestShares(c!, ctx),
    priceAvg50: round2(average(inst, state.index, 50, 'close', ctx.clock)),
    priceAvg200: round2(average(inst, state.index, 200, 'close', ctx.clock)),
    exchange: idx ? 'INDEX' : c!.entry.exchange,
    open: state.open,
    previousClose: state.previousClose,
    timestamp: Math.floor(ctx.now.getTime() / 1000),
  };
}

// ---------------------------------------------------------------------------------------------
// Company facts

const EXCHANGE_FULL: Record<string, string> = {
  NASDAQ: 'NASDAQ Global Select',
  NYSE: 'New York Stock Exchange',
  AMEX: 'NYSE American',
};

function idCodes(c: Company) {
  const rnd = mulberry32(seedOf(`${c.entry.symbol}:ids`));
  const alnum = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
  let cusip = '';
  for (let k = 0; k < 9; k++)
    cusip += alnum[Math.floor(rnd() * (k < 6 ? 10 : alnum.length))] ?? '0';
  return { cusip, isin: `US${cusip}${Math.floor(rnd() * 10)}` };
}

function ipoDate(c: Company): string {
  if (c.params.listingDay !== null) return isoOf(c.params.listingDay);
  const rnd = mulberry32(seedOf(`${c.entry.symbol}:ipo`));
  return isoOf(
    dayOf('1975-01-01') + Math.floor(rnd() * (dayOf('2008-06-30') - dayOf('1975-01-01'))),
  );
}

function ttmDividendPerShare(c: Company, ctx: Ctx): number {
  let paid = 0;
  for (const d of c
    .dividendEvents(ctx.today)
    .filter((x) => x.exDay <= ctx.today)
    .slice(-4))
    paid += d.perShare;
  return round2(paid);
}

function profileRow(c: Company, ctx: Ctx) {
  const q = quoteRow(c.entry.symbol, ctx);
  if (!q) return null;
  const ids = idCodes(c);
  const inst = c.instrument;
  return {
    symbol: c.entry.symbol,
    price: q.price,
    marketCap: q.marketCap,
    beta: round2(c.params.beta),
    lastDividend: ttmDividendPerShare(c, ctx),
    range: `${q.yearLow}-${q.yearHigh}`,
    change: q.change,
    changePercentage: q.changePercentage,
    volume: q.volume,
    averageVolume: Math.round(average(inst, ctx.clock.lastCompleteIndex, 60, 'volume', ctx.clock)),
    companyName: c.entry.name,
    currency: 'USD',
    cik: cikOf(c),
    isin: ids.isin,
    cusip: ids.cusip,
    exchangeFullName: EXCHANGE_FULL[c.entry.exchange] ?? c.entry.exchange,
    exchange: c.entry.exchange,
    industry: c.entry.industry,
    website: `https://www.${c.entry.symbol.toLowerCase().replace(/[^a-z0-9]/g, '')}.example.com`,
    description: description(c.entry),
    // No chief executive, head count or head office: the data set states no facts about people
    // or firms beyond the listing (functions/market/demo/content.ts).
    ceo: null,
    sector: c.entry.sector,
    country: 'US',
    fullTimeEmployees: null,
    phone: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    image: '/images/company/placeholder.svg',
    ipoDate: ipoDate(c),
    defaultImage: true,
    isEtf: false,
    isActivelyTrading: true,
    isAdr: false,
    isFund: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Statements and ratios

function limitOf(params: Record<string, string>, fallback: number): number {
  const n = Number(params.limit);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

/** Periods (newest first) for `period=annual|quarter|FY|Q1..Q4`. */
function periods(c: Company, ctx: Ctx, params: Record<string, string>): Period[] {
  const p = (params.period ?? 'annual').toUpperCase();
  const filed = filedQuarters(c, ctx);
  let list: Period[];
  if (p === 'ANNUAL' || p === 'FY') {
    list = annualPeriods(c).filter((a) => a.filingDay <= ctx.today);
  } else {
    list = filed.map((q) => quarterPeriod(c, q));
    if (/^Q[1-4]$/.test(p)) list = list.filter((x) => x.period === p);
  }
  list.reverse();
  return list.slice(0, limitOf(params, 5));
}

function priorEpsOf(c: Company, per: Period, all: Period[]): number | null {
  const prior = all.find((x) => x.period === per.period && x.fiscalYear === per.fiscalYear - 1);
  return prior ? prior.income.netIncome / prior.income.weightedAverageShsOutDil : null;
}

function statementEndpoint(
  kind: 'income' | 'balance' | 'cash' | 'ratios' | 'metrics',
  c: Company,
  ctx: Ctx,
  params: Record<string, string>,
) {
  const list = periods(c, ctx, params);
  switch (kind) {
    case 'income':
      return list.map((p) => incomeStatement(c, p));
    case 'balance':
      return list.map((p) => balanceSheet(c, p));
    case 'cash':
      return list.map((p) => cashFlowStatement(c, p));
    case 'ratios': {
      const all = periods(c, ctx, { ...params, limit: '1000' });
      return list.map((p) => ratiosRow(c, p, c.closeOnOrBefore(p.endDay), priorEpsOf(c, p, all)));
    }
    case 'metrics':
      return list.map((p) => keyMetricsRow(c, p, c.closeOnOrBefore(p.endDay)));
  }
}

function ttm(c: Company, ctx: Ctx, kind: 'ratios' | 'metrics') {
  const filed = filedQuarters(c, ctx);
  if (filed.length === 0) return [];
  const q = quoteRow(c.entry.symbol, ctx);
  if (!q) return [];
  const p = ttmPeriod(c, filed);
  if (kind === 'metrics') return [keyMetricsTtmRow(c, p, q.price)];
  const yearAgo = filed.length >= 8 ? ttmPeriod(c, filed.slice(0, -4)) : null;
  const priorEps = yearAgo
    ? yearAgo.income.netIncome / yearAgo.income.weightedAverageShsOutDil
    : null;
  return [ratiosTtmRow(c, p, q.price, priorEps)];
}

// ---------------------------------------------------------------------------------------------
// Other company endpoints

function earnings(c: Company, ctx: Ctx, params: Record<string, string>) {
  const rows = [];
  let upcoming = 0;
  for (const q of c.quarters) {
    const announced = q.announceDay <= ctx.today;
    if (!announced && upcoming >= 2) break;
    if (!announced) upcoming++;
    const inc = incomeStatement(c, quarterPeriod(c, q));
    const surprise = 1 + 0.06 * gauss(c.params.seed, q.index, 40);
    const revSurprise = 1 + 0.02 * gauss(c.params.seed, q.index, 41);
    const epsEstimated = round2(inc.epsDiluted - Math.abs(inc.epsDiluted) * (surprise - 1));
    rows.push({
      symbol: c.entry.symbol,
      date: isoOf(q.announceDay),
      epsActual: announced ? inc.epsDiluted : null,
      epsEstimated,
      revenueActual: announced ? inc.revenue : null,
      revenueEstimated: Math.round(inc.revenue / revSurprise),
      lastUpdated: isoOf(Math.min(ctx.today, q.announceDay)),
    });
  }
  rows.reverse();
  return rows.slice(0, limitOf(params, 1000));
}

/** `dividends?symbol=`: declared cash dividends, newest first (split-adjusted, like every price). */
function dividends(c: Company, ctx: Ctx, params: Record<string, string>) {
  const rows = c.dividendEvents(ctx.today).map((d) => {
    const price = c.closeOnOrBefore(d.exDay);
    return {
      symbol: c.entry.symbol,
      date: isoOf(d.exDay),
      recordDate: isoOf(d.recordDay),
      paymentDate: isoOf(d.paymentDay),
      declarationDate: isoOf(d.declarationDay),
      adjDividend: d.perShare,
      dividend: d.perShare,
      yield: price > 0 ? round2(((4 * d.perShare) / price) * 100) : 0,
      frequency: 'Quarterly',
    };
  });
  rows.reverse();
  return rows.slice(0, limitOf(params, 1000));
}

/** `splits?symbol=`: the company's share splits to date, newest first. */
function splits(c: Company, ctx: Ctx) {
  return SPLITS.filter((s) => s.symbol === c.entry.symbol && dayOf(s.date) <= ctx.today)
    .map((s) => ({
      symbol: s.symbol,
      date: s.date,
      numerator: s.numerator,
      denominator: s.denominator,
    }))
    .reverse();
}

function sharesFloat(c: Company, ctx: Ctx) {
  const outstanding = latestShares(c, ctx);
  const freeFloat = Math.round((70 + 29 * u01(c.params.seed, 50)) * 1000) / 1000;
  return [
    {
      symbol: c.entry.symbol,
      date: `${isoOf(ctx.today)} 07:00:00`,
      freeFloat,
      floatShares: Math.round((outstanding * freeFloat) / 100),
      outstandingShares: outstanding,
    },
  ];
}

function calendarQuarterEnd(year: number, quarter: number): number {
  return (
    dayOf(`${year}-${String(quarter * 3).padStart(2, '0')}-01`) +
    (quarter === 1 || quarter === 4 ? 30 : 29)
  );
}

function holders(c: Company, ctx: Ctx, params: Record<string, string>) {
  let year = Number(params.year);
  let quarter = Number(params.quarter);
  if (!Number.isInteger(year) || !Number.isInteger(quarter) || quarter < 1 || quarter > 4) {
    // Latest quarter whose 13F filings are in (45 days after the quarter end).
    const ref = isoOf(ctx.today - 46);
    year = Number(ref.slice(0, 4));
    quarter = Math.ceil(Number(ref.slice(5, 7)) / 3) - 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  const endDay = calendarQuarterEnd(year, quarter);
  if (endDay + 45 > ctx.today) return [];
  const prevEnd = calendarQuarterEnd(
    quarter === 1 ? year - 1 : year,
    quarter === 1 ? 4 : quarter - 1,
  );
  const listed = c.params.listingDay ?? 0;
  if (endDay < listed) return [];
  const sharesNow = Math.round(sharesAt(c.params, yearsFromAnchor(endDay)));
  const sharesPrev = Math.round(sharesAt(c.params, yearsFromAnchor(prevEnd)));
  const price = c.closeOnOrBefore(endDay);
  const pricePrev = c.closeOnOrBefore(prevEnd);
  const seed = seedOf(`${c.entry.symbol}:holders`);
  const rnd = mulberry32(seed);
  const names = [...HOLDERS].sort(() => rnd() - 0.5).slice(0, 10);
  const qIndex = year * 4 + quarter;
  const stake = (k: number, qi: number) =>
    (0.085 / (1 + k * 0.45)) * (1 + 0.06 * gauss(seed, qi, k));
  const rows = names.map((investorName, k) => {
    const sharesNumber = Math.round(stake(k, qIndex) * sharesNow);
    const lastSharesNumber = prevEnd < listed ? 0 : Math.round(stake(k, qIndex - 1) * sharesPrev);
    const marketValue = Math.round(sharesNumber * price);
    const lastMarketValue = Math.round(lastSharesNumber * pricePrev);
    const ownership = (sharesNumber / sharesNow) * 100;
    const lastOwnership = sharesPrev ? (lastSharesNumber / sharesPrev) * 100 : 0;
    return {
      date: isoOf(endDay),
      cik: String(1_100_000 + k * 7919 + (seedOf(investorName) % 5000)).padStart(10, '0'),
      filingDate: isoOf(endDay + 40 + (k % 5)),
      investorName,
      symbol: c.entry.symbol,
      securityName: c.entry.name,
      typeOfSecurity: 'COM',
      securityCusip: idCodes(c).cusip,
      sharesType: 'SH',
      putCallShare: 'Share',
      investmentDiscretion: 'SOLE',
      industryTitle: c.entry.industry.toUpperCase(),
      marketValue,
      lastMarketValue,
      changeInMarketValue: marketValue - lastMarketValue,
      changeInMarketValuePercentage: lastMarketValue
        ? ((marketValue - lastMarketValue) / lastMarketValue) * 100
        : 0,
      sharesNumber,
      lastSharesNumber,
      changeInSharesNumber: sharesNumber - lastSharesNumber,
      changeInSharesNumberPercentage: lastSharesNumber
        ? ((sharesNumber - lastSharesNumber) / lastSharesNumber) * 100
        : 0,
      quarterEndPrice: price,
      ownership,
      lastOwnership,
      changeInOwnership: ownership - lastOwnership,
      changeInOwnershipPercentage: lastOwnership
        ? ((ownership - lastOwnership) / lastOwnership) * 100
        : 0,
      isNew: lastSharesNumber === 0,
      isSoldOut: false,
    };
  });
  rows.sort((a, b) => b.sharesNumber - a.sharesNumber);
  const limit = limitOf(params, 100);
  const page = Math.max(0, Math.floor(Number(params.page) || 0));
  return rows.slice(page * limit, page * limit + limit);
}

function news(symbols: string[], ctx: Ctx, params: Record<string, string>) {
  const nowLocalMs = ctx.today * DAY_MS + ctx.clock.ny.minute * 60_000;
  const from = params.from ? dayOf(params.from) : ctx.today - 120;
  const to = Math.min(params.to ? dayOf(params.to) : ctx.today, ctx.today);
  const items = [];
  for (const s of symbols) {
    const c = company(s);
    if (!c) continue;
    const listed = c.params.listingDay ?? 0;
    const seed = seedOf(`${c.entry.symbol}:news`);
    for (let d = Math.max(from, listed); d <= to; d++) {
      const item = newsForDay(c.entry, d, seed, DAY_MS);
      if (item && item.publishedMs <= nowLocalMs) items.push(item);
    }
  }
  items.sort((a, b) => b.publishedMs - a.publishedMs || a.symbol.localeCompare(b.symbol));
  const limit = limitOf(params, 20);
  const page = Math.max(0, Math.floor(Number(params.page) || 0));
  return items.slice(page * limit, page * limit + limit).map((n) => ({
    symbol: n.symbol,
    publishedDate: `${isoOf(Math.floor(n.publishedMs / DAY_MS))} ${hhmmss((n.publishedMs % DAY_MS) / 60_000)}`,
    publisher: n.publisher,
    title: n.title,
    image: n.image,
    site: n.site,
    text: n.text,
    url: n.url,
  }));
}

function searchRows(params: Record<string, string>, by: 'symbol' | 'name') {
  const query = (params.query ?? '').trim().toUpperCase();
  if (!query) return [];
  const exchanges = params.exchange ? params.exchange.toUpperCase().split(',') : null;
  const scored: { score: number; e: DemoCompany }[] = [];
  for (const e of DEMO_UNIVERSE) {
    if (exchanges && !exchanges.includes(e.exchange)) continue;
    const hay = by === 'symbol' ? e.symbol : e.name.toUpperCase();
    const at = hay.indexOf(query);
    if (at < 0) continue;
    scored.push({ score: (hay === query ? 0 : at === 0 ? 1 : 2) * 1000 + hay.length, e });
  }
  scored.sort((a, b) => a.score - b.score || a.e.symbol.localeCompare(b.e.symbol));
  return scored.slice(0, limitOf(params, 50)).map(({ e }) => ({
    symbol: e.symbol,
    name: e.name,
    currency: 'USD',
    exchangeFullName: EXCHANGE_FULL[e.exchange] ?? e.exchange,
    exchange: e.exchange,
  }));
}

function screener(ctx: Ctx, params: Record<string, string>) {
  const num = (k: string) =>
    params[k] === undefined || params[k] === '' ? null : Number(params[k]);
  const list = (k: string) => (params[k] ? params[k]!.toUpperCase().split(',') : null);
  const sectors = list('sector');
  const industries = list('industry');
  const exchanges = list('exchange');
  const rows = [];
  for (const e of UNIVERSE) {
    if (sectors && !sectors.includes(e.sector.toUpperCase())) continue;
    if (industries && !industries.includes(e.industry.toUpperCase())) continue;
    if (exchanges && !exchanges.includes(e.exchange)) continue;
    const c = company(e.symbol)!;
    const q = quoteRow(e.symbol, ctx);
    if (!q) continue;
    const row = {
      symbol: e.symbol,
      companyName: e.name,
      marketCap: q.marketCap,
      sector: e.sector,
      industry: e.industry,
      beta: round2(c.params.beta),
      price: q.price,
      lastAnnualDividend: ttmDividendPerShare(c, ctx),
      volume: q.volume,
      exchange: EXCHANGE_FULL[e.exchange] ?? e.exchange,
      exchangeShortName: e.exchange,
      country: 'US',
      isEtf: false,
      isFund: false,
      isActivelyTrading: true,
    };
    const checks: [string, number, 1 | -1][] = [
      ['marketCap', row.marketCap, 1],
      ['price', row.price, 1],
      ['beta', row.beta, 1],
      ['volume', row.volume, 1],
      ['dividend', row.lastAnnualDividend, 1],
    ];
    let ok = true;
    for (const [name, value] of checks) {
      const more = num(`${name}MoreThan`);
      const lower = num(`${name}LowerThan`);
      if (more !== null && !(value > more)) ok = false;
      if (lower !== null && !(value < lower)) ok = false;
    }
    if (params.isEtf === 'true' || params.isFund === 'true') ok = false;
    if (ok) rows.push(row);
  }
  rows.sort((a, b) => b.marketCap - a.marketCap);
  return rows.slice(0, limitOf(params, 1000));
}

// ---------------------------------------------------------------------------------------------
// An index fund: the S&P 500's total return (decision 187)

interface Tracker {
  index: string;
  /** Index points to one share's price. */
  ratio: number;
  /** The index's dividend yield by calendar year (percent a year), paid quarterly. */
  yieldByYear: Readonly<Record<number, number>>;
}

/**
 * SPY, the S&P 500 index fund: its close is the index's over ten (the fund's share is a tenth
 * of the index), and each quarter it pays the index's dividends, a quarter of the year's yield
 * on the index (about 2.0% a year in 2010 to 1.2% in 2025, as the index's was), going ex on the
 * third Friday of March, June, September and December. Reached only by its prices and dividends.
 */
const TRACKERS: Readonly<Record<string, Tracker>> = {
  SPY: {
    index: '^GSPC',
    ratio: 10,
    yieldByYear: {
      2009: 2.3,
      2010: 1.9,
      2011: 2.0,
      2012: 2.1,
      2013: 1.9,
      2014: 1.9,
      2015: 2.1,
      2016: 2.0,
      2017: 1.8,
      2018: 2.0,
      2019: 1.8,
      2020: 1.6,
      2021: 1.3,
      2022: 1.6,
      2023: 1.5,
      2024: 1.3,
      2025: 1.2,
    },
  },
};

function trackerBars(
  symbol: string,
  fund: Tracker,
  path: string,
  ctx: Ctx,
  params: Record<string, string>,
) {
  const { inst } = indexInstrument(fund.index)!;
  const rows = path.endsWith('full')
    ? eodFull(symbol, inst, ctx, params)
    : eodLight(symbol, inst, ctx, params);
  const fields = ['open', 'high', 'low', 'close', 'change', 'vwap', 'price'] as const;
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const f of fields)
      if (typeof out[f] === 'number') out[f] = round2((out[f] as number) / fund.ratio);
    return out;
  });
}

/** The third Friday of a month (month index = year * 12 + month - 1). */
function thirdFriday(monthIndex: number): number {
  let day = monthEndDay(monthIndex - 1) + 1;
  while (weekday(day) !== 5) day++;
  return day + 14;
}

function trackerDividends(symbol: string, fund: Tracker, ctx: Ctx, params: Record<string, string>) {
  const { inst } = indexInstrument(fund.index)!;
  const first = inst.spec.startIndex;
  const rows = [];
  for (let year = 2009; ; year++) {
    let done = false;
    for (const month of [3, 6, 9, 12]) {
      const exDay = thirdFriday(year * 12 + month - 1);
      // Declared two days before it goes ex.
      if (exDay - 2 > ctx.today) {
        done = true;
        break;
      }
      // Set from the close before its declaration: a price known that day.
      const i = tradingIndexAtOrBefore(exDay - 3);
      if (i < first) continue;
      const price = inst.close(i) / fund.ratio;
      const percent = fund.yieldByYear[year] ?? fund.yieldByYear[2025]!;
      const amount = Math.round(((price * percent) / 100 / 4) * 10_000) / 10_000;
      rows.push({
        symbol,
        date: isoOf(exDay),
        recordDate: isoOf(exDay),
        paymentDate: isoOf(monthEndDay(year * 12 + month)),
        declarationDate: isoOf(exDay - 2),
        adjDividend: amount,
        dividend: amount,
        yield: percent,
        frequency: 'Quarterly',
      });
    }
    if (done) break;
  }
  rows.reverse();
  return rows.slice(0, limitOf(params, 1000));
}

// ---------------------------------------------------------------------------------------------
// Dispatcher

const invalid = (message = 'Invalid endpoint') => ({ 'Error Message': message });

function symbolsOf(params: Record<string, string>): string[] {
  return (params.symbols ?? params.symbol ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

export function demoStable(
  endpoint: string,
  params: Record<string, string>,
  now: Date = new Date(),
): DemoResponse {
  const path = endpoint.replace(/^\/+|\/+$/g, '').replace(/^stable\//, '');
  const ctx = ctxOf(now);
  const rows = generated(path, params, ctx);
  // In the shares of the day: a split not yet made is not in the prices yet (as-of.ts).
  return asServedOn(
    path,
    (params.symbol ?? '').trim().toUpperCase(),
    rows,
    ctx.today,
  ) as DemoResponse;
}

function generated(path: string, params: Record<string, string>, ctx: Ctx): DemoResponse {
  ensureCalendar(ctx.today + 7);
  const symbol = (params.symbol ?? '').trim().toUpperCase();
  const needSymbol = () => (symbol ? null : invalid('Invalid or missing query parameter - symbol'));

  if (path.startsWith('historical-chart/')) {
    const size = INTERVALS[path.slice('historical-chart/'.length)];
    if (!size) return invalid();
    const missing = needSymbol();
    if (missing) return missing;
    const idx = indexInstrument(symbol);
    const c = idx ? null : company(symbol);
    if (!idx && !c) return [];
    const inst = idx ? idx.inst : c!.instrument;
    return intraday(inst, ctx, size, params);
  }

  switch (path) {
    case 'search-symbol':
      return searchRows(params, 'symbol');
    case 'search-name':
      return searchRows(params, 'name');
    case 'quote': {
      const missing = needSymbol();
      if (missing) return missing;
      const q = quoteRow(symbol, ctx);
      return q ? [q] : [];
    }
    case 'batch-quote':
    case 'batch-quote-short': {
      const rows = [];
      for (const s of symbolsOf(params)) {
        const q = quoteRow(s, ctx);
        if (!q) continue;
        rows.push(
          path === 'batch-quote'
            ? q
            : { symbol: q.symbol, price: q.price, change: q.change, volume: q.volume },
        );
      }
      return rows;
    }
    case 'historical-price-eod/full':
    case 'historical-price-eod/light': {
      const missing = needSymbol();
      if (missing) return missing;
      const fund = TRACKERS[symbol];
      if (fund) return trackerBars(symbol, fund, path, ctx, params);
      const idx = indexInstrument(symbol);
      const c = idx ? null : company(symbol);
      if (!idx && !c) return [];
      const inst = idx ? idx.inst : c!.instrument;
      const name = idx ? idx.def.symbol : c!.entry.symbol;
      return path.endsWith('full')
        ? eodFull(name, inst, ctx, params)
        : eodLight(name, inst, ctx, params);
    }
    case 'news/stock':
      return news(symbolsOf(params), ctx, params);
    case 'company-screener':
      return screener(ctx, params);
    case 'profile': {
      const missing = needSymbol();
      if (missing) return missing;
      const c = company(symbol);
      const row = c ? profileRow(c, ctx) : null;
      return row ? [row] : [];
    }
    case 'income-statement':
    case 'balance-sheet-statement':
    case 'cash-flow-statement':
    case 'ratios':
    case 'ratios-ttm':
    case 'key-metrics':
    case 'key-metrics-ttm':
    case 'key-executives':
    case 'dividends':
    case 'splits':
    case 'institutional-ownership/extract-analytics/holder':
    case 'shares-float':
    case 'earnings':
    case 'analyst-estimates': {
      const missing = needSymbol();
      if (missing) return missing;
      const fund = TRACKERS[symbol];
      if (fund && path === 'dividends') return trackerDividends(symbol, fund, ctx, params);
      const raw = company(symbol);
      if (!raw) return [];
      const c = prepared(raw, ctx);
      switch (path) {
        case 'income-statement':
          return statementEndpoint('income', c, ctx, params);
        case 'balance-sheet-statement':
          return statementEndpoint('balance', c, ctx, params);
        case 'cash-flow-statement':
          return statementEndpoint('cash', c, ctx, params);
        case 'ratios':
          return statementEndpoint('ratios', c, ctx, params);
        case 'key-metrics':
          return statementEndpoint('metrics', c, ctx, params);
        case 'ratios-ttm':
          return ttm(c, ctx, 'ratios');
        case 'key-metrics-ttm':
          return ttm(c, ctx, 'metrics');
        case 'key-executives':
          return [];
        case 'dividends':
          return dividends(c, ctx, params);
        case 'splits':
          return splits(c, ctx);
        case 'institutional-ownership/extract-analytics/holder':
          return holders(c, ctx, params);
        case 'shares-float':
          return sharesFloat(c, ctx);
        case 'earnings':
          return earnings(c, ctx, params);
        case 'analyst-estimates':
          return analystEstimates(c.entry, ctx.today, params);
      }
      return [];
    }
    default:
      return invalid();
  }
}

/** Index symbols served by the demo data set. */
export const DEMO_INDEXES: readonly { symbol: string; name: string }[] = INDEXES.map(
  ({ symbol, name }) => ({ symbol, name }),
);
