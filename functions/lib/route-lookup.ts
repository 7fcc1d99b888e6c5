import { answeredMethods, ROUTES, type RouteDef } from '../../shared/routes';
import type { ApiEvent } from './http';

/**
 * The route table entry an HTTP API event was routed by (`routeKey` is "METHOD /path"; a GET
 * route's HEAD route is `HEAD /path`).
 */
export function routeFromEvent(event: ApiEvent): RouteDef | undefined {
  return ROUTES.find((r) => answeredMethods(r).some((m) => `${m} ${r.path}` === event.routeKey));
}
