import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { idString, isoDate, stockSymbol } from '../schemas/common';
import { numberFromText, storedText } from '../schemas/text';
import { columnMappingSchema, dateFormatSchema, typeWordsSchema } from './import-mapping';
import { hasAtMostDecimals, QUANTITY_DECIMALS } from './money';

/** Seed capital slider (spec/000 sections 5 and 9), in USD. */
export const SEED_CAPITAL_MIN = 0;
export const SEED_CAPITAL_MAX = 200_000_000;
export const SEED_CAPITAL_DEFAULT = 100_000_000;
export const PORTFOLIO_NAME_MAX = 100;

/** Upper bounds that keep order figures meaningful and inside exact integer cents. */
export const ORDER_AMOUNT_MAX = 10_000_000_000;
export const ORDER_QUANTITY_MAX = 1_000_000_000;
export const LIMIT_PRICE_MAX = 10_000_000;

/**
 * Form fields arrive as numbers or text under the one number rule (shared/schemas/text.ts:
 * digits, thousands commas, no spaces, hex or exponents). Empty means absent.
 */
const numberFromInput = numberFromText;

function numberField(requiredMessage: string) {
  return z.number({
    error: (issue) => (issue.input === undefined ? requiredMessage : 'Enter a number'),
  });
}

export const portfolioName = storedText({ label: 'Portfolio Name', max: PORTFOLIO_NAME_MAX });

const seedCapitalRange = 'Seed capital must be between $0 and $200,000,000';

export const investmentValue = z.pipe(
  z.transform(numberFromInput),
  numberField('Seed capital is required').check(
    z.gte(SEED_CAPITAL_MIN, seedCapitalRange),
    z.lte(SEED_CAPITAL_MAX, seedCapitalRange),
    z.refine((n) => hasAtMostDecimals(n, 2), 'Seed capital can have at most 2 decimal places'),
  ),
);

/** When the form was submitted: an ISO date-time (with Z or an offset) or a YYYY-MM-DD date. */
export const portfolioDateTime = z.string().check(
  z.trim(),
  z.refine(
    (s) => z.iso.datetime({ offset: true }).safeParse(s).success || isoDate.safeParse(s).success,
    'Use a date and time such as 2024-05-18T09:30:00Z',
  ),
);

/** POST /api/addPortfolio. The seed capital defaults to $100,000,000. */
export const createPortfolioPayload = z.strictObject({
  portfolio_name: portfolioName,
  investment_value: z._default(investmentValue, SEED_CAPITAL_DEFAULT),
  date_time: z.optional(portfolioDateTime),
});

/** The risk-free rate the Sharpe ratio uses, in percent a year (a portfolio's setting). */
export const RISK_FREE_RATE_DEFAULT = 4;
export const RISK_FREE_RATE_MAX = 20;
const riskFreeRateRange = `The risk-free rate must be between 0% and ${RISK_FREE_RATE_MAX}%`;

export const riskFreeRate = z.pipe(
  z.transform(numberFromInput),
  numberField('The risk-free rate is required').check(
    z.gte(0, riskFreeRateRange),
    z.lte(RISK_FREE_RATE_MAX, riskFreeRateRange),
    z.refine(
      (n) => hasAtMostDecimals(n, 2),
      'The risk-free rate can have at most 2 decimal places',
    ),
  ),
);

/** How a portfolio's cost and realised gains are worked out (the average cost is the default). */
export const costMethod = z.enum(['average', 'fifo'], {
  error: 'Choose the average cost or FIFO',
});

/** POST /api/updatePortfolioDetails. The settings are changed only when sent. */
export const updatePortfolioPayload = z.strictObject({
  portfolio_id: idString,
  portfolio_name: portfolioName,
  investment_value: investmentValue,
  date_time: z.optional(portfolioDateTime),
  cost_method: z.optional(costMethod),
  risk_free_rate: z.optional(riskFreeRate),
});

/** POST /api/getPortfolioDetails, /api/deletePortfolio, /api/stock_per_portfolio. */
export const portfolioIdPayload = z.strictObject({ portfolio_id: idString });

/** POST /api/searchPortfolioList: an empty name lists every portfolio. */
export const searchPortfolioPayload = z.strictObject({
  portfolio_name: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          PORTFOLIO_NAME_MAX,
          `Portfolio Name must be at most ${PORTFOLIO_NAME_MAX} characters`,
        ),
      ),
    '',
  ),
});

/**
 * An optional number of the order form, typed as text: more than zero, at most `max`, with at
 * most `decimals` decimal places. `zero` and `maxText` are how the messages write the bounds.
 */
function optionalOrderNumber(
  label: string,
  bounds: { zero: string; max: number; maxText: string; decimals: number },
) {
  const { zero, max, maxText, decimals } = bounds;
  return z.pipe(
    z.transform(numberFromInput),
    z.optional(
      numberField(`${label} is required`).check(
        z.positive(`${label} must be more than ${zero}`),
        z.lte(max, `${label} must be at most ${maxText}`),
        z.refine(
          (n) => hasAtMostDecimals(n, decimals),
          `${label} can have at most ${decimals} decimal places`,
        ),
      ),
    ),
  );
}

const optionalAmount = optionalOrderNumber('Amount', {
  zero: '$0',
  max: ORDER_AMOUNT_MAX,
  maxText: '$10,000,000,000',
  decimals: 2,
});
const optionalQuantity = optionalOrderNumber('Quantity', {
  zero: '0',
  max: ORDER_QUANTITY_MAX,
  maxText: '1,000,000,000',
  decimals: QUANTITY_DECIMALS,
});
const optionalPositionSize = optionalOrderNumber('Position size', {
  zero: '0%',
  max: 100,
  maxText: '100%',
  decimals: 2,
});
const optionalLimitPrice = optionalOrderNumber('Limit price', {
  zero: '$0',
  max: LIMIT_PRICE_MAX,
  maxText: '$10,000,000',
  decimals: 4,
});

/** How an order is sized: the field that goes with each way of investing. */
export const SIZING_FIELD = {
  amount: 'amount',
  quantity: 'quantity',
  positionSize: 'position_size',
} as const;

export const investBy = z.enum(['amount', 'quantity', 'positionSize'], {
  error: 'Choose to invest by amount, quantity or position size',
});

/** The sizing fields of an order (the order form's and a buy from a pitch). */
export const orderSizingFields = {
  amount: optionalAmount,
  quantity: optionalQuantity,
  position_size: optionalPositionSize,
};

/** The field that goes with the chosen way of investing is required. */
export function requireSizingField(
  order: {
    invest_by?: keyof typeof SIZING_FIELD | undefined;
    amount?: number | undefined;
    quantity?: number | undefined;
    position_size?: number | undefined;
  },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
): void {
  if (!order.invest_by) return;
  const field = SIZING_FIELD[order.invest_by];
  if (order[field] === undefined) {
    const label = { amount: 'Amount', quantity: 'Quantity', position_size: 'Position size' }[field];
    ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required` });
  }
}

/**
 * The "Invests" order form: market or limit order, portfolio, buy or sell, invest by amount
 * (USD), quantity (shares, fractional allowed) or position size (% of NAV), limit price in USD.
 * The field that goes with the chosen way of investing is required, and so is the limit
 * price of a limit order.
 */
export const orderPayload = z
  .strictObject({
    portfolio_id: idString,
    stock_symbol: stockSymbol,
    side: z._default(z.enum(['buy', 'sell'], { error: 'Choose buy or sell' }), 'buy'),
    order_type: z.enum(['market', 'limit'], { error: 'Choose a market or limit order' }),
    invest_by: investBy,
    ...orderSizingFields,
    limit_price: optionalLimitPrice,
    /** The pitch (saved valuation) the order comes from, when bought from a pitch. */
    valuation_id: z.optional(idString),
  })
  .check(
    z.superRefine((order, ctx) => {
      requireSizingField(order, ctx);
      if (order.order_type === 'limit' && order.limit_price === undefined) {
        ctx.addIssue({ code: 'custom', path: ['limit_price'], message: 'Limit price is required' });
      }
    }),
  );

export type CreatePortfolioPayload = z.infer<typeof createPortfolioPayload>;
export type UpdatePortfolioPayload = z.infer<typeof updatePortfolioPayload>;
export type PortfolioIdPayload = z.infer<typeof portfolioIdPayload>;
export type SearchPortfolioPayload = z.infer<typeof searchPortfolioPayload>;
export type OrderPayload = z.infer<typeof orderPayload>;

/** POST /api/getPortfolioPerformance: a period ending today, or a custom range (from/to, YYYY-MM-DD). */
export const performancePayload = z
  .strictObject({
    portfolio_id: idString,
    period: z.enum(['1M', '3M', 'YTD', '1Y', '3Y', '5Y', 'MAX', 'custom']),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
  })
  .check(
    z.refine(
      (p) => p.period !== 'custom' || (p.from !== undefined && p.to !== undefined),
      'A custom period needs a from and a to date',
    ),
    z.refine(
      (p) => p.from === undefined || p.to === undefined || p.from <= p.to,
      'The from date must not be after the to date',
    ),
  );
export type PerformancePayload = z.infer<typeof performancePayload>;

/**
 * Where a page of a long list starts (decision 176): a row number from 0. Whole numbers only;
 * a start past the end answers no rows.
 */
const pageOffset = z.optional(
  z
    .number()
    .check(z.int('The offset must be a whole number'), z.gte(0, 'The offset cannot be negative')),
);

/** POST /api/exportActivity: the activity from row `offset` (a file's worth an answer). */
export const exportActivityPayload = z.strictObject({
  portfolio_id: idString,
  offset: pageOffset,
});
export type ExportActivityPayload = z.infer<typeof exportActivityPayload>;

/** The lists of the Performance view too long for its answer, read a page at a time. */
export const PERFORMANCE_LISTS = ['corporate_actions', 'open_lots', 'realised_lots'] as const;
export const PERFORMANCE_ROWS_MAX = 500;

/** POST /api/getPerformanceRows: a page of a portfolio's corporate actions or tax lots. */
export const performanceRowsPayload = z.strictObject({
  portfolio_id: idString,
  list: z.enum(PERFORMANCE_LISTS, {
    error: 'Choose corporate_actions, open_lots or realised_lots',
  }),
  offset: pageOffset,
  limit: z.optional(
    z
      .number()
      .check(
        z.int('The limit must be a whole number'),
        z.gte(1, 'The limit must be at least 1'),
        z.lte(PERFORMANCE_ROWS_MAX, `The limit can be at most ${PERFORMANCE_ROWS_MAX}`),
      ),
  ),
});
export type PerformanceRowsPayload = z.infer<typeof performanceRowsPayload>;

/**
 * POST /api/getPortfolioIncome: one portfolio's dividend income, or every portfolio's together
 * when `portfolio_id` is absent.
 */
export const incomePayload = z.strictObject({ portfolio_id: z.optional(idString) });
export type IncomePayload = z.infer<typeof incomePayload>;

/**
 * POST /api/importTransactions: a CSV file's text, how its columns map onto the fields (guessed
 * from the header when absent), how its dates and type words are read (decision 183), and
 * whether to preview or commit.
 */
export const importTransactionsPayload = z.strictObject({
  portfolio_id: idString,
  mode: z.enum(['preview', 'commit']),
  csv: z.string().check(z.maxLength(1_100_000)),
  mapping: z.optional(columnMappingSchema),
  date_format: z.optional(dateFormatSchema),
  type_words: z.optional(typeWordsSchema),
});
export type ImportTransactionsPayload = z.infer<typeof importTransactionsPayload>;
