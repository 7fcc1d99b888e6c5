import { ROUTES, type RouteDef } from '../../shared/routes';
import type { ApiEvent } from './http';

/** The route table entry an HTTP API event was routed by (`routeKey` is "METHOD /path"). */
export function routeFromEvent(event: ApiEvent): RouteDef | undefined {
  return ROUTES.find((r) => `${r.method} ${r.path}` === event.routeKey);
}
