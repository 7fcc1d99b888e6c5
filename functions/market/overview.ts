import {
  NEWS_COUNT,
  statementCurrency,
  topInstitutionalOwners,
} from '../../shared/company/figures';
import type { MarketEnvelope, Quote } from '../../shared/market';
import type { CompanyOverview } from '../../shared/market/overview';
import { NotFoundError, UpstreamError } from '../lib/errors';
import type { MarketService } from './service';

/**
 * The company view's first screen in one answer: profile, quote, TTM ratios, TTM revenue
 * quarters, top institutional owners and news, each read through the shared market cache.
 * Answered by `POST /api/getCompanyOverview` and its GET form.
 */
export async function companyOverview(
  service: MarketService,
  symbol: string,
): Promise<MarketEnvelope<CompanyOverview>> {
  const [profile, quotes, ratiosTtm, income, holders, news] = await Promise.all([
    service.profile(symbol),
    service.quotes([symbol]),
    service.ratiosTtm(symbol),
    service.statements('income', symbol, 'quarter', 4),
    service.holders(symbol),
    service.news([symbol], NEWS_COUNT),
  ]);
  const company = profile.data[0];
  if (!company) throw new NotFoundError(`No company found for ${symbol}`);
  const quote = quotes.data[0] ?? null;
  const parts = [profile, quotes, ratiosTtm, income, holders, news];
  return {
    data: {
      symbol,
      profile: company,
      quote,
      ratiosTtm: ratiosTtm.data[0] ?? null,
      revenueQuarters: income.data.slice(0, 4).map((row) => ({
        date: String(row.date),
        revenue: typeof row.revenue === 'number' ? row.revenue : null,
      })),
      reportedCurrency: statementCurrency(income.data),
      owners: topInstitutionalOwners(holders.data, quote?.sharesOutstanding ?? null),
      news: news.data.slice(0, NEWS_COUNT),
    },
    source: profile.source,
    stale: parts.some((p) => p.stale),
    asOf: parts.map((p) => p.asOf).sort()[0] ?? profile.asOf,
  };
}

/**
 * The index bar: S&P 500, NYSE, DJIA and NASDAQ from the cache the quote job keeps warm. Not
 * one index quote (the provider failing and nothing cached yet) is a 502 rather than an
 * empty bar that looks like a working answer.
 */
export async function indexQuotes(service: MarketService): Promise<MarketEnvelope<Quote[]>> {
  const quotes = await service.indexQuotes();
  if (quotes.data.length === 0) throw new UpstreamError();
  return quotes;
}
