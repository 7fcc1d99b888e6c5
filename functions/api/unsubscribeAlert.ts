import { ALERT_MESSAGES, type unsubscribeAlertRequest } from '../../shared/schemas/alerts';
import { unsubscribe } from '../alerts/unsubscribe';
import { route, routeIn } from '../lib/http';
import { alertRoutes } from '../../shared/routes/alerts';

/** Turns an alert off from the signed link of its email; no sign-in. A forged token answers 400. */
export const handler = route<typeof unsubscribeAlertRequest>(
  routeIn(alertRoutes, 'unsubscribeAlert'),
  async ({ input }) => {
    const outcome = await unsubscribe(input.token);
    return {
      message: outcome.removed ? ALERT_MESSAGES.unsubscribed : ALERT_MESSAGES.alreadyOff,
      data: outcome,
    };
  },
);
