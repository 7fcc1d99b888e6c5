import type { addAlertRequest } from '../../shared/schemas/alerts';
import { ALERT_MESSAGES } from '../../shared/schemas/alerts';
import { loadProfile } from '../account/account';
import { addAlert, alertStore } from '../alerts/store';
import { route, routeIn } from '../lib/http';
import { alertRoutes } from '../../shared/routes/alerts';

/** Adds an alert rule; the profile (with the address alert emails go to) is made sure of first. */
export const handler = route<typeof addAlertRequest>(
  routeIn(alertRoutes, 'addAlert'),
  async ({ input, user }) => {
    await loadProfile(user!);
    return {
      message: ALERT_MESSAGES.added,
      data: await addAlert(alertStore(), user!.userId, input),
    };
  },
);
