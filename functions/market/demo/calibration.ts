/**
 * The demo market's calibration: by sector and size, the ranges its generated companies are
 * drawn from and the bounds the whole demo universe is checked against
 * (calibration.test.ts). docs/demo-market.md explains the choices.
 *
 * Ranges are [low, high]. Margins and growth are fractions of revenue and fractions a year;
 * volatilities are daily standard deviations of log returns.
 */

export type Range = readonly [number, number];

export interface SectorCalibration {
  /** Price to earnings the market pays for a profitable company of this sector (large caps). */
  pe: Range;
  /** Price to sales of a loss-making company of this sector. */
  lossPs: Range;
  /** Gross margin around which the company's margin moves (industry level). */
  grossMargin: Range;
  /** Operating margin of a profitable company. */
  operatingMargin: Range;
  /** Research and development over revenue. */
  rd: Range;
  /** Depreciation and amortisation over revenue. */
  da: Range;
  /** Capital expenditure over depreciation. */
  capexOverDa: Range;
  /** Total debt over annual revenue (leverage). */
  debt: Range;
  dso: Range;
  dio: Range;
  dpo: Range;
  /** Share of earnings paid as dividends by a payer. */
  payout: Range;
  beta: Range;
  /** Company-specific (idiosyncratic) daily volatility of a large cap. */
  idiosyncraticVol: Range;
  /** Long-run revenue growth a year the company reverts to. */
  growth: Range;
  /** Sensitivity of revenue growth and margins to the economy's year (1 = average). */
  cyclicality: number;
}

const BASE: SectorCalibration = {
  pe: [16, 26],
  lossPs: [0.8, 3],
  grossMargin: [0.3, 0.5],
  operatingMargin: [0.08, 0.18],
  rd: [0, 0],
  da: [0.03, 0.06],
  capexOverDa: [1.0, 1.5],
  debt: [0.2, 0.6],
  dso: [30, 60],
  dio: [30, 90],
  dpo: [30, 60],
  payout: [0.25, 0.5],
  beta: [0.8, 1.2],
  idiosyncraticVol: [0.009, 0.014],
  growth: [0.02, 0.08],
  cyclicality: 1,
};

export const SECTORS: Readonly<Record<string, SectorCalibration>> = {
  Technology: {
    ...BASE,
    pe: [20, 34],
    lossPs: [3, 9],
    grossMargin: [0.5, 0.75],
    operatingMargin: [0.15, 0.32],
    rd: [0.08, 0.18],
    dio: [20, 80],
    payout: [0.15, 0.35],
    beta: [1.0, 1.35],
    idiosyncraticVol: [0.011, 0.017],
    growth: [0.05, 0.15],
    cyclicality: 1.2,
  },
  Healthcare: {
    ...BASE,
    pe: [16, 28],
    lossPs: [2, 8],
    grossMargin: [0.55, 0.78],
    operatingMargin: [0.14, 0.3],
    rd: [0.08, 0.18],
    beta: [0.6, 1.0],
    idiosyncraticVol: [0.01, 0.016],
    growth: [0.04, 0.1],
    cyclicality: 0.3,
  },
  'Financial Services': {
    ...BASE,
    pe: [10, 17],
    lossPs: [1, 3],
    grossMargin: [0.55, 0.75],
    operatingMargin: [0.25, 0.4],
    dio: [0, 0],
    dso: [60, 120],
    payout: [0.25, 0.4],
    beta: [0.9, 1.25],
    idiosyncraticVol: [0.008, 0.013],
    growth: [0.03, 0.08],
    cyclicality: 1,
  },
  'Consumer Cyclical': {
    ...BASE,
    pe: [15, 28],
    lossPs: [0.4, 2],
    grossMargin: [0.3, 0.55],
    operatingMargin: [0.07, 0.16],
    dso: [5, 30],
    dio: [40, 100],
    beta: [1.0, 1.35],
    idiosyncraticVol: [0.011, 0.017],
    growth: [0.03, 0.09],
    cyclicality: 1.5,
  },
  'Consumer Defensive': {
    ...BASE,
    pe: [18, 26],
    lossPs: [0.2, 0.8],
    grossMargin: [0.25, 0.6],
    operatingMargin: [0.06, 0.22],
    dso: [10, 35],
    payout: [0.5, 0.75],
    beta: [0.4, 0.75],
    idiosyncraticVol: [0.006, 0.01],
    growth: [0.01, 0.05],
    cyclicality: 0.3,
  },
  Industrials: {
    ...BASE,
    pe: [17, 27],
    lossPs: [0.5, 2.5],
    grossMargin: [0.22, 0.4],
    operatingMargin: [0.09, 0.18],
    rd: [0, 0.04],
    beta: [0.9, 1.2],
    idiosyncraticVol: [0.008, 0.013],
    growth: [0.02, 0.07],
    cyclicality: 1.3,
  },
  Energy: {
    ...BASE,
    pe: [9, 15],
    lossPs: [0.3, 1.5],
    grossMargin: [0.25, 0.45],
    operatingMargin: [0.1, 0.2],
    da: [0.06, 0.12],
    capexOverDa: [1.0, 1.3],
    dio: [10, 30],
    payout: [0.3, 0.55],
    beta: [0.9, 1.3],
    idiosyncraticVol: [0.011, 0.016],
    growth: [0.0, 0.05],
    cyclicality: 2.5,
  },
  Utilities: {
    ...BASE,
    pe: [15, 21],
    lossPs: [0.5, 1.5],
    grossMargin: [0.4, 0.55],
    operatingMargin: [0.15, 0.25],
    da: [0.1, 0.15],
    capexOverDa: [1.6, 2.2],
    debt: [1.5, 2.5],
    dio: [15, 40],
    payout: [0.6, 0.75],
    beta: [0.4, 0.7],
    idiosyncraticVol: [0.006, 0.009],
    growth: [0.02, 0.05],
    cyclicality: 0.2,
  },
  'Real Estate': {
    ...BASE,
    pe: [26, 42],
    lossPs: [2, 5],
    grossMargin: [0.6, 0.75],
    operatingMargin: [0.25, 0.4],
    da: [0.25, 0.35],
    capexOverDa: [1.0, 1.4],
    debt: [3, 5],
    dio: [0, 0],
    payout: [0.75, 0.9],
    beta: [0.7, 1.05],
    idiosyncraticVol: [0.008, 0.012],
    growth: [0.03, 0.07],
    cyclicality: 0.8,
  },
  'Basic Materials': {
    ...BASE,
    pe: [13, 21],
    lossPs: [0.3, 1.5],
    grossMargin: [0.2, 0.38],
    operatingMargin: [0.09, 0.18],
    da: [0.05, 0.09],
    payout: [0.3, 0.5],
    beta: [1.0, 1.3],
    idiosyncraticVol: [0.01, 0.015],
    growth: [0.01, 0.06],
    cyclicality: 2,
  },
  'Communication Services': {
    ...BASE,
    pe: [14, 26],
    lossPs: [1, 4],
    grossMargin: [0.4, 0.7],
    operatingMargin: [0.12, 0.28],
    rd: [0, 0.12],
    da: [0.05, 0.15],
    beta: [0.8, 1.2],
    idiosyncraticVol: [0.01, 0.016],
    growth: [0.02, 0.1],
    cyclicality: 1,
  },
};

/**
 * Banks (Financial Services companies in a bank's industry) against the rest of their sector:
 * the market pays a bank less for its earnings, a bank earns less of its revenue (interest
 * income counts in full), and it keeps the capital it is required to hold, returning the rest
 * of its earnings, so its price sits near its book value. Over the ten years before the test
 * clock the demo's prices stand above their calibrated levels (the market's path), so banks'
 * ten-year median P/E lands near 10-15 and P/B near 1-2 (calibration.test.ts).
 */
export const BANKS = {
  pe: [7.5, 10] as Range,
  operatingMargin: [0.22, 0.34] as Range,
  /** The equity a bank keeps, over its annual revenue. */
  capital: [1.3, 1.9] as Range,
} as const;

export function sectorCalibration(sector: string): SectorCalibration {
  return SECTORS[sector] ?? BASE;
}

export type SizeBand = 'mega' | 'large' | 'mid' | 'small';

export interface SizeCalibration {
  /** Market capitalisation on the anchor day (dollars). */
  marketCap: Range;
  /** Share price on the anchor day (dollars); the share count follows from the market cap. */
  price: Range;
  /** Multiplier of the sector's idiosyncratic volatility. */
  volatility: number;
  /** Multiplier of the sector's P/E (smaller companies trade at a discount). */
  multiple: number;
  /** Standard deviation of a year's revenue growth around its mean (before the sector's cycle). */
  growthNoise: number;
}

export const SIZES: Readonly<Record<SizeBand, SizeCalibration>> = {
  mega: {
    marketCap: [8e11, 4e12],
    price: [110, 480],
    volatility: 0.85,
    multiple: 1.1,
    growthNoise: 0.03,
  },
  large: {
    marketCap: [9e9, 2.5e11],
    price: [35, 360],
    volatility: 1,
    multiple: 1,
    growthNoise: 0.04,
  },
  mid: {
    marketCap: [1.7e9, 3.1e9],
    price: [14, 110],
    volatility: 1.4,
    multiple: 0.85,
    growthNoise: 0.055,
  },
  small: {
    marketCap: [1.8e8, 6.2e8],
    price: [3, 40],
    volatility: 1.9,
    multiple: 0.75,
    growthNoise: 0.07,
  },
};

/** Loss-making companies move more than profitable peers. */
export const LOSS_VOLATILITY = 1.3;

/**
 * The whole market: a mean-reverting factor every stock follows with its beta. Its daily
 * volatility wanders over months (calm and stressed spells) around `dailyVol`.
 */
export const MARKET = {
  dailyVol: 0.0095,
  /** Day-to-day persistence of the market's deviation from its trend (half-life about 1.4 years). */
  persistence: 0.998,
  /** How far the volatility of a spell moves (log scale). */
  volOfVol: 0.4,
} as const;

/** A company's own price deviation from its fundamental value reverts with this persistence. */
export const OWN_PERSISTENCE = 0.992;

/**
 * Event days: the session after an earnings announcement moves several times a normal day, and
 * on rare other days news moves a stock more still.
 */
export const EVENTS = {
  earningsMultiple: 3,
  /** Spread (log scale) of the day-to-day size of shocks, which fattens the tails. */
  tailWeight: 0.35,
  newsProbability: 0.003,
  newsMultiple: 4,
  /** A day's shock is cut off at this many of its standard deviations. */
  maxShock: 3.5,
} as const;

/** Year-to-year behaviour of revenue growth and margins. */
export const DYNAMICS = {
  /** Share of a year's growth surprise that carries into the next year (mean reversion). */
  growthPersistence: 0.5,
  /** Quarter-to-quarter persistence of the gross-margin deviation from its industry level. */
  marginPersistence: 0.85,
  /** Quarterly innovation of the gross margin (stationary deviation about 1.5 points). */
  grossMarginNoise: 0.008,
  /** Quarterly innovation of the operating margin beyond what the gross margin brings. */
  operatingMarginNoise: 0.006,
} as const;

/**
 * The economy's years, as a shock to every company's revenue growth (times the sector's
 * cyclicality): the 2009 recession, the 2020 lockdowns and the rebound after them.
 */
export const ECONOMY: Readonly<Record<number, number>> = {
  2009: -0.08,
  2010: 0.03,
  2015: -0.01,
  2016: -0.01,
  2019: 0.0,
  2020: -0.05,
  2021: 0.06,
  2022: 0.02,
  2023: -0.01,
};

/**
 * What the test checks over every demo company (at the pinned test clock): wider than the
 * ranges drawn from, since prices wander around fundamental value and margins around their
 * industry level.
 */
export const BOUNDS = {
  /** Daily return volatility over two years, by size (loss-makers may move up to 1.5 times more). */
  dailyVol: {
    mega: [0.007, 0.025],
    large: [0.007, 0.028],
    mid: [0.01, 0.038],
    small: [0.012, 0.05],
  } as Record<SizeBand, Range>,
  /** Median daily volatility of the large and mega caps ("around 1-2%"). */
  largeMedianVol: [0.01, 0.02] as Range,
  /** Largest single-day move of a large cap over two years. */
  largeMaxMove: 0.25,
  /** P/E of a profitable company, as a multiple of its sector's range (prices wander). */
  peSpread: [0.4, 2.5] as Range,
  /** Gross margin of a non-bank in any year: within this many points of its sector's range. */
  grossMarginSlack: 0.25,
  /** Year-on-year revenue growth of a company with at least five annual reports. */
  growth: [-0.45, 0.8] as Range,
  /** Highest dividend yield (percent) a payer shows after a price fall. */
  maxDividendYield: 15,
  /** Days between two quarterly reports (the fourth quarter's annual report comes later). */
  reportGap: [55, 130] as Range,
  /** Smallest standard deviation of a company's annual gross or operating margin series. */
  minMarginMovement: 0.001,
} as const;

/**
 * Share splits: real ones of companies in the demo universe (prices, per-share figures and
 * share counts of the data set are split-adjusted, as the provider's are).
 */
export const SPLITS: readonly {
  symbol: string;
  date: string;
  numerator: number;
  denominator: number;
}[] = [
  { symbol: 'AAPL', date: '2020-08-31', numerator: 4, denominator: 1 },
  { symbol: 'TSLA', date: '2020-08-31', numerator: 5, denominator: 1 },
  { symbol: 'GE', date: '2021-08-02', numerator: 1, denominator: 8 },
  { symbol: 'ANET', date: '2021-11-18', numerator: 4, denominator: 1 },
  { symbol: 'AMZN', date: '2022-06-06', numerator: 20, denominator: 1 },
  { symbol: 'GOOGL', date: '2022-07-18', numerator: 20, denominator: 1 },
  { symbol: 'TSLA', date: '2022-08-25', numerator: 3, denominator: 1 },
  { symbol: 'WMT', date: '2024-02-26', numerator: 3, denominator: 1 },
  { symbol: 'NVDA', date: '2024-06-10', numerator: 10, denominator: 1 },
  { symbol: 'CMG', date: '2024-06-26', numerator: 50, denominator: 1 },
  { symbol: 'AVGO', date: '2024-07-15', numerator: 10, denominator: 1 },
  { symbol: 'FCEL', date: '2024-11-08', numerator: 1, denominator: 30 },
];
