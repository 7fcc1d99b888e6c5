import { sharingRoutes } from '../../shared/routes/sharing';
import {
  isHiddenVersion,
  SHARING_MESSAGES,
  type hideSharedVersionRequest,
} from '../../shared/sharing/schemas';
import { route, routeIn } from '../lib/http';
import { hideShareVersion } from '../sharing/store';
import { signedIn, valuationStore } from '../valuations/store';

/**
 * Hides an earlier version of a shared pitch from its public page: only its number and date
 * stay (decision 143). The page's edge copies follow within 30 s (decision 128).
 */
export const handler = route<typeof hideSharedVersionRequest>(
  routeIn(sharingRoutes, 'hideSharedVersion'),
  async ({ input, user }) => {
    const share = await hideShareVersion(
      valuationStore(),
      signedIn(user),
      input.valuation_id,
      input.version,
    );
    return {
      message: SHARING_MESSAGES.versionHidden,
      valuation_id: input.valuation_id,
      history: share.versions.map((v) => ({
        version: v.version,
        at: v.at,
        hidden: isHiddenVersion(v),
      })),
    };
  },
);
