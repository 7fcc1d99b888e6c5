import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { marketEnvelope } from '../market/schemas';
import { stockSymbol } from '../schemas/common';

/**
 * `GET /api/market/value-line?symbol=AAPL` (decision 150): what the value line is computed
 * from, read through the market cache: twenty years of quarterly statements (the figures each
 * line needs and the day each quarter's became public, oldest first), the share splits, the
 * daily closes since the December twenty-one years before (a line may be drawn over up to
 * twenty: decision 199), and the sector's median multiples from
 * the screener snapshot (today's). The lines themselves are computed in the browser (shared/valuation/value-line.ts),
 * so they follow the investor's assumptions as they type.
 */
export const valueLineRequest = z.strictObject({ symbol: stockSymbol });
export type ValueLineRequest = z.infer<typeof valueLineRequest>;

const num = z.nullable(z.number());

export const quarterFiguresSchema = z.object({
  date: z.string(),
  /** The day its statements were filed; with `acceptedDate`, when its figures became public. */
  filingDate: z.optional(z.nullable(z.string())),
  /** The filing's acceptance, New York time (YYYY-MM-DD HH:MM:SS). */
  acceptedDate: z.optional(z.nullable(z.string())),
  epsDiluted: num,
  revenue: num,
  ebitda: num,
  dilutedShares: num,
  equity: num,
  debt: num,
  cash: num,
  operatingCashFlow: num,
  capitalExpenditure: num,
});

export const valueLineDataSchema = z.object({
  symbol: z.string(),
  quarters: z.array(quarterFiguresSchema),
  splits: z.array(z.object({ date: z.string(), numerator: z.number(), denominator: z.number() })),
  /** [YYYY-MM-DD, close], oldest first. */
  closes: z.array(z.tuple([z.string(), z.number()])),
  sector: z.nullable(z.string()),
  /** The sector's median P/E, P/B, P/S and EV/EBITDA in the screener snapshot (null: none). */
  sectorMedians: z.object({ pe: num, pb: num, ps: num, evEbitda: num }),
});
export type ValueLineData = z.infer<typeof valueLineDataSchema>;

export const valueLineResponse = marketEnvelope(valueLineDataSchema);
export type ValueLineResponse = z.infer<typeof valueLineResponse>;
