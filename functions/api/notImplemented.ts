import { routeFromEvent } from '../lib/route-lookup';
import { errorResponse, type ApiEvent, type ApiResult } from '../lib/http';
import { NotImplementedError } from '../lib/errors';
import type { Context } from 'aws-lambda';

/** Serves every route of the table that has no handler yet: 501 with a clear message. */
export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = routeFromEvent(event);
  const what = route ? `${route.method} ${route.path}` : event.rawPath;
  return errorResponse(
    new NotImplementedError(`${what} is not available yet`),
    context.awsRequestId,
  );
};
