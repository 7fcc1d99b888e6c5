import * as z from 'zod';
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
export const companyOverviewRequest = z.object({ symbol: stockSymbol }).strict();
export type CompanyOverviewRequest = z.infer<typeof companyOverviewRequest>;

const num = z.number().nullable();

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
  quote: quoteSchema.nullable(),
  ratiosTtm: ratiosTtmSchema.nullable(),
  /** The latest four quarterly income rows' date and revenue, newest first. */
  revenueQuarters: z.array(z.object({ date: z.string(), revenue: num })).max(4),
  owners: z.object({
    quarter: z.object({ year: z.number(), quarter: z.number() }).nullable(),
    fellBackToLatest: z.boolean(),
    owners: z.array(ownerSchema).max(TOP_OWNERS_COUNT),
  }),
  news: z.array(newsItemSchema).max(NEWS_COUNT),
});
export type CompanyOverview = z.infer<typeof companyOverviewSchema>;

export const companyOverviewResponse = marketEnvelope(companyOverviewSchema);
export type CompanyOverviewResponse = z.infer<typeof companyOverviewResponse>;
