import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { NEWS_COUNT, TOP_OWNERS_COUNT } from '../company/figures';
import { stockSymbol } from '../schemas/common';
import {
  marketEnvelope,
  newsItemSchema,
  profileSchema,
  quoteSchema,
  ratiosTtmSchema,
} from './schemas';

/**
 * `POST /api/getCompanyOverview`: everything the company view's first screen shows, in one
 * answer (docs/decisions/050-company-overview-route.md): the profile, the quote, the TTM
 * ratios, the latest four quarters' revenue (Financials TTM), the largest institutional
 * owners (already filtered and ranked) and the latest news.
 */
export const companyOverviewRequest = z.strictObject({ symbol: stockSymbol });
export type CompanyOverviewRequest = z.infer<typeof companyOverviewRequest>;

const num = z.nullable(z.number());

export const ownerSchema = z.object({
  holder: z.string(),
  shares: z.number(),
  dateReported: z.string(),
  change: num,
  percentOwned: num,
  percentOwnedText: z.string(),
});

export const companyOverviewSchema = z.object({
  symbol: z.string(),
  profile: profileSchema,
  quote: z.nullable(quoteSchema),
  ratiosTtm: z.nullable(ratiosTtmSchema),
  /** The latest four quarterly income rows' date and revenue, newest first. */
  revenueQuarters: z.array(z.object({ date: z.string(), revenue: num })).check(z.maxLength(4)),
  /** The currency the statements are reported in (the income statement's; USD when none). */
  reportedCurrency: z.string(),
  owners: z.object({
    quarter: z.nullable(z.object({ year: z.number(), quarter: z.number() })),
    fellBackToLatest: z.boolean(),
    owners: z.array(ownerSchema).check(z.maxLength(TOP_OWNERS_COUNT)),
  }),
  news: z.array(newsItemSchema).check(z.maxLength(NEWS_COUNT)),
});
export type CompanyOverview = z.infer<typeof companyOverviewSchema>;

export const companyOverviewResponse = marketEnvelope(companyOverviewSchema);
export type CompanyOverviewResponse = z.infer<typeof companyOverviewResponse>;
