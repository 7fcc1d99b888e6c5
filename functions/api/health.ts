import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { required } from '../lib/config';
import { dynamo } from '../lib/dynamo';
import { respond, route, routeIn } from '../lib/http';
import { systemRoutes } from '../../shared/routes/system';
import { logger } from '../lib/logger';

export const handler = route(routeIn(systemRoutes, 'health'), async () => {
  const time = new Date().toISOString();
  try {
    await dynamo.send(new DescribeTableCommand({ TableName: required('TABLE_NAME') }));
    return { status: 'ok', table: 'reachable', time };
  } catch (error) {
    logger.warn('table unreachable', { error: error as Error });
    return respond(503, { status: 'degraded', table: 'unreachable', time });
  }
});
