import { sharingRoutes } from '../../shared/routes/sharing';
import { SHARING_MESSAGES, type setPublicRecordRequest } from '../../shared/sharing/schemas';
import { route, routeIn } from '../lib/http';
import { setPublicRecord } from '../sharing/public-record';
import { signedIn, valuationStore } from '../valuations/store';

/** Turns the caller's public record on under a display name (never their email), or off. */
export const handler = route<typeof setPublicRecordRequest>(
  routeIn(sharingRoutes, 'setPublicRecord'),
  async ({ input, user }) => {
    const record = await setPublicRecord(
      valuationStore(),
      signedIn(user),
      input.enabled ? input.display_name : null,
    );
    return record
      ? {
          message: SHARING_MESSAGES.recordOn,
          publicRecord: { displayName: record.displayName, slug: record.slug },
        }
      : { message: SHARING_MESSAGES.recordOff, publicRecord: null };
  },
);
