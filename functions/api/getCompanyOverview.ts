import { NEWS_COUNT, topInstitutionalOwners } from '../../shared/company/figures';
import type { MarketEnvelope } from '../../shared/market';
import type { CompanyOverview, CompanyOverviewRequest } from '../../shared/market/overview';
import { NotFoundError } from '../lib/errors';
import { route, routeIn } from '../lib/http';
import { marketRoutes } from '../../shared/routes/market';
import { marketService } from '../market/service';

/**
 * The company view's first screen in one call: profile, quote, TTM ratios, TTM revenue
 * quarters, top institutional owners and news, each read through the shared market cache.
 */
export const handler = route(routeIn(marketRoutes, 'getCompanyOverview'), async ({ input }) => {
  const { symbol } = input as CompanyOverviewRequest;
  const service = marketService();
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
  const body: MarketEnvelope<CompanyOverview> = {
    data: {
      symbol,
      profile: company,
      quote,
      ratiosTtm: ratiosTtm.data[0] ?? null,
      revenueQuarters: income.data.slice(0, 4).map((row) => ({
        date: String(row.date),
        revenue: typeof row.revenue === 'number' ? row.revenue : null,
      })),
      owners: topInstitutionalOwners(holders.data, quote?.sharesOutstanding ?? null),
      news: news.data.slice(0, NEWS_COUNT),
    },
    source: profile.source,
    stale: parts.some((p) => p.stale),
    asOf: parts.map((p) => p.asOf).sort()[0] ?? profile.asOf,
  };
  return body;
});
