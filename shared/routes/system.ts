import { emptyRequest } from '../schemas/common';
import { defineRoutes } from './types';

export const systemRoutes = defineRoutes([
  {
    id: 'health',
    method: 'GET',
    path: '/api/health',
    auth: false,
    handler: 'api/health',
    request: emptyRequest,
    needs: ['table'],
    summary: 'Reports whether the API can reach its table',
  },
]);
