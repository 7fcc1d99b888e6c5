import type { emptyRequest } from '../../shared/schemas/common';
import { ALERT_LIMIT, type AlertListResponse } from '../../shared/schemas/alerts';
import { alertStore, listAlerts, toRecord } from '../alerts/store';
import { route, routeIn } from '../lib/http';
import { alertRoutes } from '../../shared/routes/alerts';

/** The signed-in user's alert rules, newest first. */
export const handler = route<typeof emptyRequest>(
  routeIn(alertRoutes, 'getAlerts'),
  async ({ user }): Promise<AlertListResponse> => ({
    data: (await listAlerts(alertStore(), user!.userId)).map(toRecord),
    limit: ALERT_LIMIT,
  }),
);
