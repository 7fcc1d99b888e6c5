import { emptyRequest } from '../schemas/common';
import { contactRequest } from '../schemas/contact';
import { CLIENT_LIMITS, defineRoutes } from './types';

export const systemRoutes = defineRoutes([
  {
    id: 'health',
    method: 'GET',
    path: '/api/health',
    auth: false,
    handler: 'api/health',
    request: emptyRequest,
    needs: ['tableRead'],
    summary: 'Reports whether the API can reach its table',
  },
  {
    id: 'contact',
    method: 'POST',
    path: '/api/contact',
    auth: false,
    handler: 'api/contact',
    request: contactRequest,
    needs: ['tableWrite', 'mail'],
    clientLimitPerMinute: CLIENT_LIMITS.contact,
    summary: 'Send a message to support (rate-limited per sender); the sender gets a confirmation',
  },
]);
