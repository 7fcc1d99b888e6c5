import { ALERT_MESSAGES, type deleteAlertRequest } from '../../shared/schemas/alerts';
import { alertStore, removeAlert } from '../alerts/store';
import { route, routeIn } from '../lib/http';
import { alertRoutes } from '../../shared/routes/alerts';

/** Removes one of the user's alerts; another user's id answers 404. */
export const handler = route<typeof deleteAlertRequest>(
  routeIn(alertRoutes, 'deleteAlert'),
  async ({ input, user }) => {
    await removeAlert(alertStore(), user!.userId, input.alert_id);
    return { message: ALERT_MESSAGES.removed };
  },
);
