import { sharingRoutes } from '../../shared/routes/sharing';
import { isHiddenVersion, type MySharesResponse } from '../../shared/sharing/schemas';
import { route, routeIn } from '../lib/http';
import { findPublicRecord, listShares } from '../sharing/store';
import { signedIn, valuationStore } from '../valuations/store';

/** The caller's shared pitches (by valuation id) and their public record setting. */
export const handler = route(
  routeIn(sharingRoutes, 'myShares'),
  async ({ user }): Promise<MySharesResponse> => {
    const store = valuationStore();
    const userId = signedIn(user);
    const [shares, record] = await Promise.all([
      listShares(store, userId),
      findPublicRecord(store, userId),
    ]);
    return {
      shares: shares.map((s) => ({
        valuation_id: s.valuationId,
        slug: s.slug,
        stock_symbol: s.stockSymbol,
        sharedAt: s.sharedAt,
        versions: s.versions.length,
        history: s.versions.map((v) => ({
          version: v.version,
          at: v.at,
          hidden: isHiddenVersion(v),
        })),
      })),
      publicRecord: record ? { displayName: record.displayName, slug: record.slug } : null,
    };
  },
);
