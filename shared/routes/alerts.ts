import { addAlertRequest, deleteAlertRequest, unsubscribeAlertRequest } from '../schemas/alerts';
import { emptyRequest } from '../schemas/common';
import { CLIENT_LIMITS, defineRoutes, WRITE_LIMIT_PER_MINUTE } from './types';

/** Valuation alerts by email (docs/decisions/090-valuation-alerts.md). */
export const alertRoutes = defineRoutes([
  {
    id: 'addAlert',
    method: 'POST',
    path: '/api/alerts/add',
    auth: true,
    handler: 'api/addAlert',
    request: addAlertRequest,
    needs: ['tableWrite', 'marketData', 'userPool:AdminGetUser'],
    owns: [{ field: 'valuation_id', kind: 'valuation' }],
    writeLimitPerMinute: WRITE_LIMIT_PER_MINUTE,
    summary:
      'Ask for an email when a stock crosses an intrinsic value, a margin of safety or a price',
  },
  {
    id: 'getAlerts',
    method: 'GET',
    path: '/api/alerts/list',
    auth: true,
    handler: 'api/getAlerts',
    request: emptyRequest,
    needs: ['tableRead'],
    lists: 'alert',
    summary: "The signed-in user's alerts",
  },
  {
    id: 'deleteAlert',
    method: 'POST',
    path: '/api/alerts/delete',
    auth: true,
    handler: 'api/deleteAlert',
    request: deleteAlertRequest,
    needs: ['tableWrite'],
    owns: [{ field: 'alert_id', kind: 'alert' }],
    writeLimitPerMinute: WRITE_LIMIT_PER_MINUTE,
    summary: 'Remove one of the alerts',
  },
  {
    id: 'unsubscribeAlert',
    method: 'POST',
    path: '/api/alerts/unsubscribe',
    auth: false,
    handler: 'api/unsubscribeAlert',
    request: unsubscribeAlertRequest,
    needs: ['tableWrite', 'alertToken'],
    clientLimitPerMinute: CLIENT_LIMITS.unsubscribe,
    // Only the mark that turns the rule off, outside its owner's partition (decision 171): the
    // quote job removes the rule, its counter and its interest.
    writesKeys: ['ALERT_OFF#'],
    summary: "Turn an alert off from its email's signed link, without signing in",
  },
]);
