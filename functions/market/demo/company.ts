/**
 * One company's generated fundamentals: parameters drawn from a PRNG seeded by the symbol, then
 * quarter by quarter an income statement, a balance sheet that balances to the unit and a cash
 * flow statement derived from the balance-sheet changes (so the net change in cash is the change
 * of cash on the balance sheet). All amounts are whole dollars.
 */
import { dayOf, isoOf, monthEndDay, monthIndexOfDay, weekday } from './calendar.js';
import {
  ANCHOR_DAY,
  HISTORY_START_DAY,
  ensureCalendar,
  tradingIndexAtOrAfter,
  tradingIndexAtOrBefore,
  yearsFromAnchor,
} from './market.js';
import { Instrument } from './prices.js';
import { between, logBetween, mulberry32, normal1 as gauss, seedOf, u01 } from './random.js';
import {
  BANKS,
  DYNAMICS,
  ECONOMY,
  LOSS_VOLATILITY,
  SIZES,
  sectorCalibration,
  type SizeBand,
} from './calibration.js';
import { SPECIAL, isBank, listingDate, type UniverseEntry } from './universe.js';

const MEGA = new Set([
  'AAPL',
  'MSFT',
  'NVDA',
  'GOOGL',
  'AMZN',
  'META',
  'AVGO',
  'TSLA',
  'BRK-B',
  'LLY',
  'JPM',
  'V',
  'WMT',
  'ORCL',
]);

export interface Params {
  seed: number;
  bank: boolean;
  loss: boolean;
  turnaround: boolean;
  negativeBook: boolean;
  dividends: boolean;
  /** A short history's listing: its statements start the year before (SPECIAL.shortHistory). */
  ipoDay: number | null;
  /** The first session of its shares within the demo history (listingDate); null when listed before. */
  listingDay: number | null;
  capAnchor: number;
  /** The P/E the market pays for the company's earnings (profitable companies). */
  pe: number;
  ps: number;
  revenueAnchor: number;
  growthRecent: number;
  growthEarly: number;
  priceAnchor: number;
  sharesAnchor: number;
  shareDrift: number;
  dilution: number;
  gm: number;
  omNow: number;
  omSlope: number;
  rd: number;
  da: number;
  capex: number;
  sbc: number;
  tax: number;
  debt: number;
  rate: number;
  dso: number;
  dio: number;
  dpo: number;
  payout: number;
  buybackPayout: number;
  beta: number;
  sigma: number;
  turnover: number;
  season: [number, number, number, number];
  filingLag: number;
  /** A bank's equity target over its annual revenue (0 for other companies). */
  capital: number;
  /** Revenue growth of each year around the anchor (index 0 = FIRST_GROWTH_YEAR). */
  growthPath: number[];
  /** Cumulative log revenue at the start of each of those years, zero at the anchor. */
  logRevenueAt: number[];
  /** Gross-margin swing of the sector's cycle (times the economy's shock of the year). */
  cyclicality: number;
  // balance-sheet ratios to annual revenue
  stInv: number;
  ltInv: number;
  goodwill: number;
  intangibles: number;
  otherCA: number;
  taxAssets: number;
  otherNCA: number;
  accrued: number;
  deferredRevenue: number;
  otherCL: number;
  lease: number;
  dtl: number;
  otherNCL: number;
  cashFloor: number;
  cashCeiling: number;
}

/** Years from the anchor (2025-12-31) covered by the revenue path: 2000 to 2040. */
const FIRST_GROWTH_YEAR = -26;
const GROWTH_YEARS = 41;

/** Whether the demo sizes a company among the largest (mega caps). */
export function isMegaCap(symbol: string): boolean {
  return MEGA.has(symbol);
}

function sizeOf(e: UniverseEntry): SizeBand {
  return MEGA.has(e.symbol) ? 'mega' : e.band;
}

/**
 * Revenue growth year by year: a long-run mean (the early one before the last five years), a
 * surprise that half carries into the next year, and the economy's year times the sector's
 * cyclicality. Returned with the cumulative log revenue at the start of each year, zero at the
 * anchor, so revenue on the anchor day is the calibrated level whatever the path.
 */
function growthPath(
  rnd: () => number,
  early: number,
  recent: number,
  noise: number,
  cyclicality: number,
): { growth: number[]; logAt: number[] } {
  const growth: number[] = [];
  let surprise = 0;
  for (let k = 0; k < GROWTH_YEARS; k++) {
    const t = FIRST_GROWTH_YEAR + k;
    const mean = t >= -5 ? recent : early;
    const u = Math.max(1e-9, rnd());
    const v = rnd();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    surprise = DYNAMICS.growthPersistence * surprise + noise * z;
    const economy = (ECONOMY[2026 + t] ?? 0) * cyclicality;
    growth.push(Math.max(-0.35, Math.min(0.6, mean + surprise + economy)));
  }
  const logAt: number[] = [0];
  for (let k = 0; k < GROWTH_YEARS; k++) {
    logAt.push((logAt[k] ?? 0) + Math.log(1 + (growth[k] ?? 0)));
  }
  const zero = logAt[-FIRST_GROWTH_YEAR] ?? 0;
  return { growth, logAt: logAt.map((x) => x - zero) };
}

function draw(e: UniverseEntry): Params {
  const seed = seedOf(e.symbol);
  const rnd = mulberry32(seed);
  const cal = sectorCalibration(e.sector);
  const size = SIZES[sizeOf(e)];
  const r = (range: readonly [number, number]) => between(rnd, range[0], range[1]);
  const bank = isBank(e);
  const loss = SPECIAL.losses.has(e.symbol);
  const turnaround = SPECIAL.turnarounds.has(e.symbol);
  const negativeBook = SPECIAL.negativeBook.has(e.symbol);
  const ipo = SPECIAL.shortHistory.get(e.symbol);
  const listed = listingDate(e.symbol);
  const dividends = !loss && !SPECIAL.noDividend.has(e.symbol) && !ipo;

  const capAnchor = logBetween(rnd, size.marketCap[0], size.marketCap[1]);
  const growthRecent = loss
    ? between(rnd, 0.0, 0.2)
    : turnaround
      ? between(rnd, 0.12, 0.3)
      : r(cal.growth);
  const growthEarly = turnaround ? between(rnd, 0.15, 0.3) : r(cal.growth);
  const priceAnchor = logBetween(rnd, size.price[0], size.price[1]);
  const sharesAnchor = capAnchor / priceAnchor;
  const shareDrift = loss
    ? between(rnd, 0.02, 0.08)
    : negativeBook
      ? between(rnd, -0.04, -0.02)
      : between(rnd, -0.03, 0.01);

  const rd = bank ? 0 : r(cal.rd);
  let omNow = r(bank ? BANKS.operatingMargin : cal.operatingMargin);
  let omSlope = 0;
  if (loss) {
    omNow = -between(rnd, 0.04, 0.35);
    omSlope = between(rnd, 0.0, 0.015);
  } else if (turnaround) {
    const crossing = ipo ? between(rnd, 1, 2.5) : between(rnd, 3, 8);
    omSlope = omNow / crossing;
  }
  if (negativeBook && !loss) omNow = Math.max(omNow, 0.2 + 0.1 * rnd());
  // Loss-makers outside software, medicine and media sell near cost (a young carmaker, a
  // fuel-cell maker): their gross margin sits well under the industry's.
  const thinLoss =
    loss && !['Technology', 'Healthcare', 'Communication Services'].includes(e.sector);
  let gm = bank ? 1 : thinLoss ? between(rnd, 0.02, 0.6 * cal.grossMargin[0]) : r(cal.grossMargin);
  if (!thinLoss) gm = Math.max(gm, Math.min(0.95, omNow + rd + 0.12));
  const da = r(cal.da);
  const debt = bank ? between(rnd, 0.8, 1.4) : negativeBook ? between(rnd, 1.0, 1.8) : r(cal.debt);
  const rate = negativeBook ? between(rnd, 0.03, 0.04) : between(rnd, 0.03, 0.06);
  const tax = between(rnd, 0.15, 0.25);
  // Price to sales: a loss-maker is priced on its sales; a profitable company at the sector's
  // P/E, set from its earned margin once its statements exist (Company.priceEarnings).
  const netMargin = (omNow - debt * rate + 0.005) * (1 - tax);
  const pe = bank ? r(BANKS.pe) : r(cal.pe) * size.multiple * (turnaround ? 1.25 : 1);
  const ps = loss ? r(cal.lossPs) : Math.max(pe * Math.max(netMargin, 0.01), 0.25);
  const revenueAnchor = capAnchor / ps;
  const cyclicality = cal.cyclicality;
  const path = growthPath(rnd, growthEarly, growthRecent, size.growthNoise, cyclicality);
  return {
    seed,
    bank,
    loss,
    turnaround,
    negativeBook,
    dividends,
    ipoDay: ipo ? dayOf(ipo) : null,
    listingDay: listed ? dayOf(listed) : null,
    capAnchor,
    pe,
    ps,
    revenueAnchor,
    growthRecent,
    growthEarly,
    priceAnchor,
    sharesAnchor,
    shareDrift,
    dilution: between(rnd, 0.003, 0.02),
    gm,
    omNow,
    omSlope,
    rd,
    da,
    capex: da * r(cal.capexOverDa),
    sbc: e.sector === 'Technology' ? between(rnd, 0.03, 0.1) : between(rnd, 0.005, 0.02),
    tax,
    debt,
    rate,
    dso: bank ? between(rnd, 2000, 2600) : r(cal.dso),
    dio: bank ? 0 : r(cal.dio),
    dpo: r(cal.dpo),
    payout: r(cal.payout),
    buybackPayout: between(rnd, 0, 0.5),
    beta: r(cal.beta),
    sigma: r(cal.idiosyncraticVol) * size.volatility * (loss ? LOSS_VOLATILITY : 1),
    turnover: between(rnd, 0.003, 0.012),
    season: [0, 1, 2, 3].map(
      () => 1 + (e.sector === 'Consumer Cyclical' ? 0.06 : 0.02) * (rnd() - 0.5),
    ) as [number, number, number, number],
    filingLag: Math.round(between(rnd, 24, 40)),
    // Drawn apart from the sequence above, which every other figure (and price) follows.
    capital: bank ? BANKS.capital[0] + (BANKS.capital[1] - BANKS.capital[0]) * u01(seed, 0, 90) : 0,
    growthPath: path.growth,
    logRevenueAt: path.logAt,
    cyclicality,
    stInv: between(rnd, 0, 0.15),
    ltInv: bank ? between(rnd, 2, 3) : between(rnd, 0, 0.2),
    goodwill: between(rnd, 0, 0.5),
    intangibles: between(rnd, 0, 0.2),
    otherCA: between(rnd, 0.01, 0.05),
    taxAssets: between(rnd, 0, 0.03),
    otherNCA: between(rnd, 0.02, 0.08),
    accrued: between(rnd, 0.03, 0.08),
    deferredRevenue: e.sector === 'Technology' ? between(rnd, 0.05, 0.2) : between(rnd, 0, 0.03),
    otherCL: bank ? between(rnd, 8, 9.5) : between(rnd, 0.02, 0.06),
    lease: between(rnd, 0, 0.08),
    dtl: between(rnd, 0, 0.05),
    otherNCL: between(rnd, 0.02, 0.08),
    cashFloor: loss ? 0.45 : bank ? 0.8 : 0.06,
    cashCeiling: bank ? 2.5 : 0.5,
  };
}

/** Natural log of annual revenue at time t (years from the anchor), along the growth path. */
function logRevenue(p: Params, t: number): number {
  const clamped = Math.max(FIRST_GROWTH_YEAR, Math.min(FIRST_GROWTH_YEAR + GROWTH_YEARS - 1e-9, t));
  const k = Math.floor(clamped - FIRST_GROWTH_YEAR);
  const frac = clamped - FIRST_GROWTH_YEAR - k;
  return (
    Math.log(p.revenueAnchor) +
    (p.logRevenueAt[k] ?? 0) +
    Math.log(1 + (p.growthPath[k] ?? 0)) * frac
  );
}

/** The operating margin's trend (before the quarter's swings). */
function operatingMargin(p: Params, t: number): number {
  const om = p.omNow + p.omSlope * t;
  const cap = p.gm - p.rd - 0.08;
  return Math.max(p.loss ? -0.6 : -0.2, Math.min(cap, om));
}

export function sharesAt(p: Params, t: number): number {
  return p.sharesAnchor * Math.exp(p.shareDrift * t);
}

export interface DividendEvent {
  quarter: number;
  perShare: number;
  declarationDay: number;
  exDay: number;
  recordDay: number;
  paymentDay: number;
}

export interface Quarter {
  index: number;
  endDay: number;
  fiscalYear: number;
  period: 'Q1' | 'Q2' | 'Q3' | 'Q4';
  filingDay: number;
  announceDay: number;
  acceptedTime: string;
  income: Income;
  balance: Balance;
  cash: CashFlow;
}

export interface Income {
  revenue: number;
  costOfRevenue: number;
  grossProfit: number;
  researchAndDevelopmentExpenses: number;
  generalAndAdministrativeExpenses: number;
  sellingAndMarketingExpenses: number;
  sellingGeneralAndAdministrativeExpenses: number;
  otherExpenses: number;
  operatingExpenses: number;
  costAndExpenses: number;
  netInterestIncome: number;
  interestIncome: number;
  interestExpense: number;
  depreciationAndAmortization: number;
  ebitda: number;
  ebit: number;
  nonOperatingIncomeExcludingInterest: number;
  operatingIncome: number;
  totalOtherIncomeExpensesNet: number;
  incomeBeforeTax: number;
  incomeTaxExpense: number;
  netIncomeFromContinuingOperations: number;
  netIncomeFromDiscontinuedOperations: number;
  otherAdjustmentsToNetIncome: number;
  netIncome: number;
  netIncomeDeductions: number;
  bottomLineNetIncome: number;
  weightedAverageShsOut: number;
  weightedAverageShsOutDil: number;
}

export interface Balance {
  cashAndCashEquivalents: number;
  shortTermInvestments: number;
  accountsReceivables: number;
  otherReceivables: number;
  inventory: number;
  prepaids: number;
  otherCurrentAssets: number;
  propertyPlantEquipmentNet: number;
  goodwill: number;
  intangibleAssets: number;
  longTermInvestments: number;
  taxAssets: number;
  otherNonCurrentAssets: number;
  accountPayables: number;
  otherPayables: number;
  accruedExpenses: number;
  shortTermDebt: number;
  capitalLeaseObligationsCurrent: number;
  taxPayables: number;
  deferredRevenue: number;
  otherCurrentLiabilities: number;
  longTermDebt: number;
  capitalLeaseObligationsNonCurrent: number;
  deferredRevenueNonCurrent: number;
  deferredTaxLiabilitiesNonCurrent: number;
  otherNonCurrentLiabilities: number;
  commonStock: number;
  additionalPaidInCapital: number;
  retainedEarnings: number;
  treasuryStock: number;
  accumulatedOtherComprehensiveIncomeLoss: number;
  minorityInterest: number;
}

export interface CashFlow {
  stockBasedCompensation: number;
  deferredIncomeTax: number;
  accountsReceivables: number;
  inventory: number;
  accountsPayables: number;
  otherWorkingCapital: number;
  otherNonCashItems: number;
  capitalExpenditure: number;
  acquisitionsNet: number;
  purchasesOfInvestments: number;
  salesMaturitiesOfInvestments: number;
  shortTermNetDebtIssuance: number;
  longTermNetDebtIssuance: number;
  commonStockIssuance: number;
  commonStockRepurchased: number;
  commonDividendsPaid: number;
  cashAtBeginningOfPeriod: number;
  incomeTaxesPaid: number;
  interestPaid: number;
}

function nonCashAssets(b: Balance): number {
  return (
    b.shortTermInvestments +
    b.accountsReceivables +
    b.otherReceivables +
    b.inventory +
    b.prepaids +
    b.otherCurrentAssets +
    b.propertyPlantEquipmentNet +
    b.goodwill +
    b.intangibleAssets +
    b.longTermInvestments +
    b.taxAssets +
    b.otherNonCurrentAssets
  );
}

function liabilities(b: Balance): number {
  return (
    b.accountPayables +
    b.otherPayables +
    b.accruedExpenses +
    b.shortTermDebt +
    b.capitalLeaseObligationsCurrent +
    b.taxPayables +
    b.deferredRevenue +
    b.otherCurrentLiabilities +
    b.longTermDebt +
    b.capitalLeaseObligationsNonCurrent +
    b.deferredRevenueNonCurrent +
    b.deferredTaxLiabilitiesNonCurrent +
    b.otherNonCurrentLiabilities
  );
}

function equity(b: Balance): number {
  return (
    b.commonStock +
    b.additionalPaidInCapital +
    b.retainedEarnings +
    b.treasuryStock +
    b.accumulatedOtherComprehensiveIncomeLoss +
    b.minorityInterest
  );
}

/** Shift a day back to the previous weekday when it falls on a weekend. */
function weekdayOnOrBefore(day: number): number {
  let d = day;
  while (weekday(d) === 0 || weekday(d) === 6) d--;
  return d;
}

/** The first days US trades settled on the next business day (T+1) and on the second (T+2). */
const T1_SETTLEMENT_FROM = dayOf('2024-05-28');
const T2_SETTLEMENT_FROM = dayOf('2017-09-05');

/**
 * The record date of a dividend going ex on `exDay`: a buyer on the ex-date settles after it,
 * so the exchange sets the ex-date as many business days before the record date as settlement
 * takes less one: the same day under T+1, one weekday before under T+2, two under T+3.
 */
export function recordDayOf(exDay: number): number {
  const lag = exDay >= T1_SETTLEMENT_FROM ? 0 : exDay >= T2_SETTLEMENT_FROM ? 1 : 2;
  let d = exDay;
  for (let i = 0; i < lag; i++) {
    d++;
    while (weekday(d) === 0 || weekday(d) === 6) d++;
  }
  return d;
}

export class Company {
  readonly params: Params;
  readonly quarters: Quarter[] = [];
  readonly instrument: Instrument;
  /** First quarter-end month index of the statements. */
  private readonly firstEndMonth: number;
  private builtThroughMonth = -1;
  private readonly swings: { gross: number; operating: number }[] = [];
  /** Quarterly dividend per share of each calendar year from the first quarter's. */
  private readonly yearlyDps: number[] = [];
  private reactionSessions: Set<number> | null = null;

  constructor(readonly entry: UniverseEntry) {
    this.params = draw(entry);
    const fyEnd0 = entry.fiscalYearEndMonth - 1;
    const ipoYear =
      this.params.ipoDay === null ? null : Number(isoOf(this.params.ipoDay).slice(0, 4));
    const startYear = ipoYear === null ? 2009 : Math.min(ipoYear - 1, 2022);
    // First fiscal Q1 ending in or after January of the start year.
    let m = startYear * 12;
    while ((((m - fyEnd0) % 12) + 12) % 12 !== 3) m++;
    this.firstEndMonth = m;
    const p = this.params;
    if (!p.loss) this.priceEarnings();
    // Prices from the listing on; the company's own price path from the start of its
    // statements, so a listing date cuts the path without changing a later close.
    const pathStart = p.ipoDay ?? HISTORY_START_DAY;
    const listedDay = p.listingDay ?? HISTORY_START_DAY;
    ensureCalendar(Math.max(pathStart, listedDay) + 10);
    this.instrument = new Instrument({
      seed: p.seed,
      startIndex: tradingIndexAtOrAfter(listedDay),
      pathStartIndex: tradingIndexAtOrAfter(pathStart),
      beta: p.beta,
      sigma: p.sigma,
      logFair: (day) => {
        const t = yearsFromAnchor(day);
        return Math.log(p.ps) + logRevenue(p, t) - Math.log(sharesAt(p, t));
      },
      volume: (day) => p.turnover * sharesAt(p, yearsFromAnchor(day)),
      earningsSession: (i) => this.earningsSessions().has(i),
    });
  }

  /**
   * Sets the price to sales so that the market pays the drawn P/E for the net margin the
   * company actually earns in the year to the anchor day. Margins do not depend on the scale
   * of revenue, so one trial run of the statements tells the margin; they are then rebuilt at
   * the calibrated revenue.
   */
  private priceEarnings(): void {
    const p = this.params;
    this.ensureQuarters(monthIndexOfDay(ANCHOR_DAY));
    const year = this.quarters.filter((q) => q.endDay <= ANCHOR_DAY).slice(-4);
    const revenue = year.reduce((sum, q) => sum + q.income.revenue, 0);
    const earnings = year.reduce((sum, q) => sum + q.income.netIncome, 0);
    const margin = revenue > 0 ? earnings / revenue : 0;
    p.ps = Math.max(p.pe * Math.max(margin, 0.01), 0.25);
    p.revenueAnchor = p.capAnchor / p.ps;
    this.quarters.length = 0;
    this.builtThroughMonth = -1;
    this.yearlyDps.length = 0;
  }

  /**
   * Quarter k's gross- and operating-margin deviations from their trends: each persists from
   * quarter to quarter (an AR(1) around zero) and moves with the economy's year, so margins
   * drift year to year instead of repeating.
   */
  marginSwing(k: number): { gross: number; operating: number } {
    const p = this.params;
    for (let j = this.swings.length; j <= k; j++) {
      const prev = this.swings[j - 1] ?? { gross: 0, operating: 0 };
      const rho = DYNAMICS.marginPersistence;
      const scale = p.bank ? 0.5 : Math.sqrt(Math.max(0.3, p.cyclicality));
      const gross = p.bank
        ? 0
        : rho * prev.gross + DYNAMICS.grossMarginNoise * scale * gauss(p.seed, j, 61);
      const operating =
        rho * prev.operating + DYNAMICS.operatingMarginNoise * scale * gauss(p.seed, j, 62);
      this.swings.push({ gross, operating });
    }
    const swing = this.swings[k] ?? { gross: 0, operating: 0 };
    const year = Number(isoOf(monthEndDay(this.firstEndMonth + 3 * k)).slice(0, 4));
    const economy = (ECONOMY[year] ?? 0) * p.cyclicality * 0.25;
    return {
      gross: p.bank ? 0 : Math.max(0.02 - p.gm, Math.min(0.97 - p.gm, swing.gross + economy)),
      operating: swing.operating + (p.bank ? economy * 0.5 : economy),
    };
  }

  /** Trading indexes of the sessions after each earnings announcement (made after the close). */
  private earningsSessions(): Set<number> {
    if (this.reactionSessions) return this.reactionSessions;
    const sessions = new Set<number>();
    const until = dayOf('2032-12-31');
    for (let k = 0; ; k++) {
      const { announceDay } = this.schedule(k);
      if (announceDay > until) break;
      sessions.add(tradingIndexAtOrAfter(announceDay + 1));
    }
    this.reactionSessions = sessions;
    return sessions;
  }

  /** Generate quarters whose period ends on or before month index `month`. */
  ensureQuarters(month: number): void {
    if (month <= this.builtThroughMonth) return;
    this.quarters.length = 0;
    const p = this.params;
    const n = Math.floor((month - this.firstEndMonth) / 3) + 1;
    // Negative-book companies return more than they earn until equity is well below zero.
    let prev = this.openingBalance();
    let extraRate = 0;
    if (p.negativeBook) {
      const half = Math.max(4, Math.floor(n / 2));
      let revSum = 0;
      for (let k = 0; k < half; k++) revSum += Math.exp(logRevenue(p, this.tMid(k))) / 4;
      const startRev = Math.exp(logRevenue(p, this.tMid(0)));
      const midRev = Math.exp(logRevenue(p, this.tMid(half)));
      extraRate = (Math.max(0, equity(prev)) + 0.05 * startRev + 0.35 * midRev) / revSum;
    }
    for (let k = 0; k < n; k++) {
      const sch = this.schedule(k);
      const extra = p.negativeBook ? (k < Math.max(4, Math.floor(n / 2)) ? extraRate : 0.004) : 0;
      const { income, balance, cash } = this.quarter(k, sch.endDay, prev, extra);
      this.quarters.push({ index: k, ...sch, income, balance, cash });
      prev = balance;
    }
    this.builtThroughMonth = month;
  }

  /** Period end, fiscal labels and filing dates of quarter k (cheap, no statements needed). */
  schedule(k: number) {
    const p = this.params;
    const fyEnd0 = this.entry.fiscalYearEndMonth - 1;
    const endMonth = this.firstEndMonth + 3 * k;
    const endDay = monthEndDay(endMonth);
    const monthsToFyEnd = (((fyEnd0 - endMonth) % 12) + 12) % 12;
    const fiscalYear = Math.floor((endMonth + monthsToFyEnd) / 12);
    const qn = 4 - monthsToFyEnd / 3;
    const period = `Q${qn}` as Quarter['period'];
    const lag = p.filingLag + Math.floor(u01(p.seed, k, 7) * 6) + (qn === 4 ? 22 : 0);
    const filingDay = weekdayOnOrBefore(endDay + lag);
    const announceDay = weekdayOnOrBefore(filingDay - 1 - Math.floor(u01(p.seed, k, 8) * 4));
    const acceptedTime = `16:${String(Math.floor(u01(p.seed, k, 9) * 50) + 5).padStart(2, '0')}:${String(Math.floor(u01(p.seed, k, 10) * 60)).padStart(2, '0')}`;
    return { endDay, fiscalYear, period, filingDay, announceDay, acceptedTime };
  }

  /** Index of the newest quarter filed on or before `day` (-1 when none). */
  lastFiledIndex(day: number): number {
    let k = Math.floor((monthIndexOfDay(day) - this.firstEndMonth) / 3);
    while (k >= 0 && this.schedule(k).filingDay > day) k--;
    return k;
  }

  basicShares(k: number): number {
    return Math.round(
      sharesAt(this.params, this.tMid(k)) * (1 + 0.002 * gauss(this.params.seed, k, 34)),
    );
  }

  /** Diluted weighted shares; equal to basic while the company is loss-making (anti-dilution). */
  dilutedShares(k: number): number {
    const p = this.params;
    const basic = this.basicShares(k);
    return p.loss || operatingMargin(p, this.tMid(k)) <= 0.02
      ? basic
      : Math.round(basic * (1 + p.dilution));
  }

  /**
   * Dividend per share declared for quarter k: a quarter of the payout of trend earnings per
   * share, set once a calendar year and never lowered unless trend earnings fall by more than
   * 30% (a cut), as boards do.
   */
  dividendPerShare(k: number): number {
    const p = this.params;
    if (!p.dividends || k < 0) return 0;
    const year = Number(isoOf(monthEndDay(this.firstEndMonth + 3 * k)).slice(0, 4));
    const first = Number(isoOf(monthEndDay(this.firstEndMonth)).slice(0, 4));
    for (let y = first + this.yearlyDps.length; y <= year; y++) {
      const t = yearsFromAnchor(dayOf(`${y}-01-01`));
      const earnings =
        Math.exp(logRevenue(p, t)) * (operatingMargin(p, t) - p.debt * p.rate) * (1 - p.tax);
      // A quarter's dividend is at most 2% of the fair share price (an 8% yield a year).
      const fairPrice = (p.ps * Math.exp(logRevenue(p, t))) / sharesAt(p, t);
      const perShare = Math.min((earnings * p.payout) / 4 / sharesAt(p, t), 0.02 * fairPrice);
      const candidate = Math.max(0, Math.floor(perShare * 100) / 100);
      const previous = this.yearlyDps[this.yearlyDps.length - 1] ?? 0;
      this.yearlyDps.push(candidate >= 0.7 * previous ? Math.max(previous, candidate) : candidate);
    }
    return this.yearlyDps[year - first] ?? 0;
  }

  /** Dividends paid in quarter k (the quarter's dividend per share on its shares). */
  dividendsOf(k: number): number {
    if (!this.declaredWhileListed(k)) return 0;
    return Math.round(this.dividendPerShare(k) * this.basicShares(k));
  }

  /** Day quarter k's dividend is declared: about six weeks before the quarter's end. */
  private declarationDayOf(k: number): number {
    return weekdayOnOrBefore(monthEndDay(this.firstEndMonth + 3 * k) - 42);
  }

  /** Whether quarter k's dividend falls on or after the listing: none is declared on shares not yet listed. */
  private declaredWhileListed(k: number): boolean {
    const listed = this.params.listingDay;
    return listed === null || this.declarationDayOf(k) >= listed;
  }

  /**
   * The dividends declared on or before `untilDay`, oldest first: declared about six weeks
   * before the quarter's end, ex-dividend three weeks before it (on record the same day under
   * T+1 settlement, a weekday or two later before it), paid in its last week.
   */
  dividendEvents(untilDay: number): DividendEvent[] {
    const events: DividendEvent[] = [];
    for (let k = 0; ; k++) {
      const endDay = monthEndDay(this.firstEndMonth + 3 * k);
      const declarationDay = this.declarationDayOf(k);
      if (declarationDay > untilDay) break;
      const perShare = this.dividendPerShare(k);
      if (perShare <= 0 || !this.declaredWhileListed(k)) continue;
      const exDay = weekdayOnOrBefore(endDay - 21);
      events.push({
        quarter: k,
        perShare,
        declarationDay,
        exDay,
        recordDay: recordDayOf(exDay),
        paymentDay: weekdayOnOrBefore(endDay - 5),
      });
    }
    return events;
  }

  private tMid(k: number): number {
    return yearsFromAnchor(monthEndDay(this.firstEndMonth + 3 * k) - 45);
  }

  private openingBalance(): Balance {
    const p = this.params;
    const t0 = yearsFromAnchor(monthEndDay(this.firstEndMonth - 3));
    const b = this.targets(Math.exp(logRevenue(p, t0)), -1);
    const goodwill = Math.round(b.annual * p.goodwill);
    const intangibleAssets = Math.round(b.annual * p.intangibles);
    const ppe = Math.round(b.annual * Math.max(p.capex * 6, p.debt * 1.6));
    const debt = Math.round(b.annual * p.debt);
    const shortTermDebt = Math.round(debt * 0.12);
    const partial: Balance = Object.assign(b.items, {
      cashAndCashEquivalents: 0,
      propertyPlantEquipmentNet: ppe,
      goodwill,
      intangibleAssets,
      shortTermDebt,
      longTermDebt: debt - shortTermDebt,
      commonStock: Math.round(b.annual * 0.002),
      additionalPaidInCapital: 0,
      retainedEarnings: 0,
      treasuryStock: 0,
      accumulatedOtherComprehensiveIncomeLoss: -Math.round(b.annual * 0.01),
      minorityInterest: Math.round(b.annual * 0.01),
    });
    const nonCash = nonCashAssets(partial);
    const totalLiabilities = liabilities(partial);
    let cash = Math.round(b.annual * (p.cashFloor + 0.15));
    const assets = nonCash + cash;
    const minEquityShare = p.bank ? 0.1 : 0.35;
    let openingEquity = assets - totalLiabilities;
    if (openingEquity < minEquityShare * assets) {
      const add = Math.ceil((minEquityShare * assets - openingEquity) / (1 - minEquityShare));
      cash += add;
      openingEquity += add;
    }
    const fixed =
      partial.commonStock +
      partial.accumulatedOtherComprehensiveIncomeLoss +
      partial.minorityInterest;
    const rest = openingEquity - fixed;
    partial.cashAndCashEquivalents = cash;
    partial.additionalPaidInCapital = Math.round(rest * 0.45);
    partial.retainedEarnings = rest - partial.additionalPaidInCapital;
    return partial;
  }

  /** Working-capital and other revenue-proportional balance items for an annual revenue level. */
  private targets(annual: number, k: number) {
    const p = this.params;
    const amp = p.bank ? 0.004 : 0.04;
    const cogsAnnual = annual * (1 - p.gm);
    const ar = Math.round(((annual * p.dso) / 365) * (1 + amp * gauss(p.seed, k, 21)));
    return {
      annual,
      items: {
        shortTermInvestments: Math.round(annual * p.stInv * (1 + amp * gauss(p.seed, k, 22))),
        accountsReceivables: ar,
        otherReceivables: Math.round(ar * 0.06),
        inventory: Math.round(((cogsAnnual * p.dio) / 365) * (1 + amp * gauss(p.seed, k, 23))),
        prepaids: Math.round(annual * 0.01 * (1 + amp * gauss(p.seed, k, 24))),
        otherCurrentAssets: Math.round(annual * p.otherCA * (1 + amp * gauss(p.seed, k, 25))),
        longTermInvestments: Math.round(annual * p.ltInv * (1 + amp * gauss(p.seed, k, 26))),
        taxAssets: Math.round(annual * p.taxAssets),
        otherNonCurrentAssets: Math.round(annual * p.otherNCA * (1 + amp * gauss(p.seed, k, 27))),
        accountPayables: Math.round(
          ((p.bank ? annual * 0.3 : cogsAnnual) * p.dpo * (1 + amp * gauss(p.seed, k, 28))) / 365,
        ),
        otherPayables: Math.round(annual * 0.004),
        accruedExpenses: Math.round(annual * p.accrued * (1 + amp * gauss(p.seed, k, 29))),
        capitalLeaseObligationsCurrent: Math.round(annual * p.lease * 0.15),
        taxPayables: Math.round(annual * 0.01 * (1 + amp * gauss(p.seed, k, 30))),
        deferredRevenue: Math.round(annual * p.deferredRevenue * (1 + amp * gauss(p.seed, k, 31))),
        otherCurrentLiabilities: Math.round(annual * p.otherCL * (1 + amp * gauss(p.seed, k, 32))),
        capitalLeaseObligationsNonCurrent: Math.round(annual * p.lease * 0.85),
        deferredRevenueNonCurrent: Math.round(annual * p.deferredRevenue * 0.25),
        deferredTaxLiabilitiesNonCurrent: Math.round(annual * p.dtl),
        otherNonCurrentLiabilities: Math.round(
          annual * p.otherNCL * (1 + amp * gauss(p.seed, k, 33)),
        ),
      },
    };
  }

  private quarter(k: number, endDay: number, prev: Balance, extraReturnRate: number) {
    const p = this.params;
    const tMid = this.tMid(k);
    const tEnd = yearsFromAnchor(endDay);
    const smoothQuarterRevenue = Math.exp(logRevenue(p, tMid)) / 4;
    const season = p.season[k % 4] ?? 1;
    const revenue = Math.max(
      1000,
      Math.round(smoothQuarterRevenue * season * Math.exp(0.025 * gauss(p.seed, k, 30))),
    );
    const swing = this.marginSwing(k);
    const gm = p.gm + swing.gross;
    const om =
      operatingMargin(p, tMid) +
      0.7 * swing.gross +
      swing.operating +
      (p.bank ? 0.005 : 0.006) * gauss(p.seed, k, 31);
    const costOfRevenue = p.bank ? 0 : Math.round(revenue * (1 - gm));
    const grossProfit = revenue - costOfRevenue;
    const operatingIncome = Math.min(
      Math.round(revenue * om),
      grossProfit - Math.round(revenue * (p.rd + 0.03)),
    );
    const researchAndDevelopmentExpenses = Math.round(revenue * p.rd);
    const operatingExpenses = grossProfit - operatingIncome;
    const sga = operatingExpenses - researchAndDevelopmentExpenses;
    const generalAndAdministrativeExpenses = Math.round(sga * 0.4);
    const da = Math.round(revenue * p.da * (1 + 0.03 * gauss(p.seed, k, 32)));
    const prevDebt = prev.shortTermDebt + prev.longTermDebt;
    const interestExpense = Math.round((prevDebt * p.rate) / 4);
    const interestIncome = Math.round(
      (prev.cashAndCashEquivalents + prev.shortTermInvestments) * 0.006,
    );
    const netInterestIncome = interestIncome - interestExpense;
    const nonOperating = Math.round(revenue * 0.003 * gauss(p.seed, k, 33));
    const totalOther = netInterestIncome + nonOperating;
    const incomeBeforeTax = operatingIncome + totalOther;
    const incomeTaxExpense =
      incomeBeforeTax > 0
        ? Math.round(incomeBeforeTax * p.tax)
        : Math.round(incomeBeforeTax * 0.03);
    const netIncome = incomeBeforeTax - incomeTaxExpense;
    const basic = this.basicShares(k);
    const diluted = this.dilutedShares(k);

    const income: Income = {
      revenue,
      costOfRevenue,
      grossProfit,
      researchAndDevelopmentExpenses,
      generalAndAdministrativeExpenses,
      sellingAndMarketingExpenses: sga - generalAndAdministrativeExpenses,
      sellingGeneralAndAdministrativeExpenses: sga,
      otherExpenses: 0,
      operatingExpenses,
      costAndExpenses: costOfRevenue + operatingExpenses,
      netInterestIncome,
      interestIncome,
      interestExpense,
      depreciationAndAmortization: da,
      ebitda: operatingIncome + da,
      ebit: operatingIncome,
      nonOperatingIncomeExcludingInterest: nonOperating,
      operatingIncome,
      totalOtherIncomeExpensesNet: totalOther,
      incomeBeforeTax,
      incomeTaxExpense,
      netIncomeFromContinuingOperations: netIncome,
      netIncomeFromDiscontinuedOperations: 0,
      otherAdjustmentsToNetIncome: 0,
      netIncome,
      netIncomeDeductions: 0,
      bottomLineNetIncome: netIncome,
      weightedAverageShsOut: basic,
      weightedAverageShsOutDil: diluted,
    };

    // Balance sheet at the end of the quarter.
    const annualEnd = Math.exp(logRevenue(p, tEnd));
    const t = this.targets(annualEnd, k);
    const capex = Math.round(revenue * p.capex * (1 + 0.1 * gauss(p.seed, k, 35)));
    const acquisition =
      u01(p.seed, k, 36) < 0.05
        ? Math.round(annualEnd * between(mulberry32(p.seed ^ k), 0.03, 0.2))
        : 0;
    const acqIntangibles = Math.round(acquisition * 0.35);
    const amortisation = Math.min(Math.round(da * 0.15), prev.intangibleAssets + acqIntangibles);
    const depreciation = da - amortisation;
    const sbc = Math.round(revenue * p.sbc);
    const dividends = this.dividendsOf(k);
    let buybacks = p.loss ? 0 : Math.round(Math.max(0, netIncome) * p.buybackPayout);
    if (p.negativeBook)
      buybacks = Math.max(0, netIncome + sbc - dividends) + Math.round(revenue * extraReturnRate);
    const debtTarget = Math.round(annualEnd * p.debt * (1 + 0.05 * gauss(p.seed, k, 37)));

    const b: Balance = Object.assign(t.items, {
      cashAndCashEquivalents: 0,
      propertyPlantEquipmentNet: prev.propertyPlantEquipmentNet + capex - depreciation,
      goodwill: prev.goodwill + (acquisition - acqIntangibles),
      intangibleAssets: prev.intangibleAssets + acqIntangibles - amortisation,
      shortTermDebt: 0,
      longTermDebt: 0,
      commonStock: prev.commonStock,
      additionalPaidInCapital: prev.additionalPaidInCapital + sbc,
      retainedEarnings: prev.retainedEarnings + netIncome - dividends,
      treasuryStock: prev.treasuryStock - buybacks,
      accumulatedOtherComprehensiveIncomeLoss: prev.accumulatedOtherComprehensiveIncomeLoss,
      minorityInterest: prev.minorityInterest,
    });
    if (p.bank) {
      // A bank keeps its capital target and returns what it earns beyond it.
      const unreturned = equity(b) + buybacks;
      const returned = Math.max(
        0,
        Math.min(unreturned - Math.round(annualEnd * p.capital), 2 * Math.max(0, netIncome)),
      );
      b.treasuryStock += buybacks - returned;
      buybacks = returned;
    }
    let debt = Math.min(debtTarget, Math.round(0.55 * nonCashAssets(b)));
    let issuance = 0;
    let cash = liabilities(b) + debt + equity(b) - nonCashAssets(b);
    const floor = Math.round(annualEnd * p.cashFloor);
    if (cash < floor) {
      // Loss-making quarters are funded with new equity (raising a little more than the shortfall).
      if ((p.loss || netIncome < 0) && !p.negativeBook)
        issuance = floor - cash + (p.loss ? 0 : Math.max(0, -netIncome));
      else debt += floor - cash;
      cash = floor + (p.loss ? 0 : Math.max(0, -netIncome) * (issuance > 0 ? 1 : 0));
    } else if (cash > annualEnd * p.cashCeiling && !p.loss && netIncome > 0) {
      // Return surplus cash (or repay debt first when leverage is above target).
      const surplus = Math.round(cash - annualEnd * p.cashCeiling);
      const repay = Math.min(surplus, Math.max(0, debt - Math.round(annualEnd * p.debt * 0.5)));
      debt -= repay;
      buybacks += surplus - repay;
      b.treasuryStock -= surplus - repay;
      cash -= surplus;
    }
    b.additionalPaidInCapital += issuance;
    b.shortTermDebt = Math.round(debt * 0.12);
    b.longTermDebt = debt - b.shortTermDebt;
    b.cashAndCashEquivalents = cash;
    // Exactness check: the cash plug must equal liabilities + equity - other assets.
    const check = liabilities(b) + equity(b) - nonCashAssets(b);
    if (check !== cash)
      throw new Error(`demo balance sheet does not balance for ${this.entry.symbol}`);

    const cf: CashFlow = {
      stockBasedCompensation: sbc,
      deferredIncomeTax:
        b.deferredTaxLiabilitiesNonCurrent -
        prev.deferredTaxLiabilitiesNonCurrent -
        (b.taxAssets - prev.taxAssets),
      accountsReceivables: -(
        b.accountsReceivables -
        prev.accountsReceivables +
        (b.otherReceivables - prev.otherReceivables)
      ),
      inventory: -(b.inventory - prev.inventory),
      accountsPayables:
        b.accountPayables - prev.accountPayables + (b.otherPayables - prev.otherPayables),
      otherWorkingCapital:
        -(b.prepaids - prev.prepaids + (b.otherCurrentAssets - prev.otherCurrentAssets)) +
        (b.accruedExpenses - prev.accruedExpenses) +
        (b.taxPayables - prev.taxPayables) +
        (b.deferredRevenue - prev.deferredRevenue) +
        (b.otherCurrentLiabilities - prev.otherCurrentLiabilities),
      otherNonCashItems:
        b.deferredRevenueNonCurrent -
        prev.deferredRevenueNonCurrent +
        (b.otherNonCurrentLiabilities - prev.otherNonCurrentLiabilities) +
        (b.capitalLeaseObligationsCurrent - prev.capitalLeaseObligationsCurrent) +
        (b.capitalLeaseObligationsNonCurrent - prev.capitalLeaseObligationsNonCurrent) -
        (b.otherNonCurrentAssets - prev.otherNonCurrentAssets),
      capitalExpenditure: -capex,
      acquisitionsNet: -acquisition,
      purchasesOfInvestments: 0,
      salesMaturitiesOfInvestments: 0,
      shortTermNetDebtIssuance: b.shortTermDebt - prev.shortTermDebt,
      longTermNetDebtIssuance: b.longTermDebt - prev.longTermDebt,
      commonStockIssuance: issuance,
      commonStockRepurchased: -buybacks,
      commonDividendsPaid: -dividends,
      cashAtBeginningOfPeriod: prev.cashAndCashEquivalents,
      incomeTaxesPaid: Math.max(0, incomeTaxExpense),
      interestPaid: interestExpense,
    };
    const investmentsChange =
      b.shortTermInvestments -
      prev.shortTermInvestments +
      (b.longTermInvestments - prev.longTermInvestments);
    const gross =
      Math.max(0, investmentsChange) +
      Math.round((b.shortTermInvestments + b.longTermInvestments) * 0.05);
    cf.purchasesOfInvestments = -gross;
    cf.salesMaturitiesOfInvestments = gross - investmentsChange;
    return { income, balance: b, cash: cf };
  }

  /** The quarter-end share count used for market capitalisation and per-share figures. */
  sharesOf(q: Quarter): number {
    return q.income.weightedAverageShsOutDil;
  }

  /** Trading-day close on or before a day (0 before the listing). */
  closeOnOrBefore(day: number): number {
    return this.instrument.close(tradingIndexAtOrBefore(day));
  }
}
