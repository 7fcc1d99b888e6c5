import { ALERT_MESSAGES, type unsubscribeAlertRequest } from '../../shared/schemas/alerts';
import { unsubscribe } from '../alerts/unsubscribe';
import { route } from '../lib/http';

/** Turns an alert off from the signed link of its email; no sign-in. A forged token answers 400. */
export const handler = route<typeof unsubscribeAlertRequest>(
  'unsubscribeAlert',
  async ({ input }) => {
    const outcome = await unsubscribe(input.token);
    return {
      message: outcome.removed ? ALERT_MESSAGES.unsubscribed : ALERT_MESSAGES.alreadyOff,
      data: outcome,
    };
  },
);
