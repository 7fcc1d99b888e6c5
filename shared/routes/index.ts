import { accountRoutes } from './account';
import { alertRoutes } from './alerts';
import { marketRoutes } from './market';
import { marketReadRoutes } from './market-reads';
import { portfolioRoutes } from './portfolio';
import { sharingRoutes } from './sharing';
import { systemRoutes } from './system';
import type { RouteDef } from './types';
import { valuationRoutes } from './valuation';
import { watchlistRoutes } from './watchlist';

export type {
  AnsweredMethod,
  RouteDef,
  RouteNeed,
  HttpMethod,
  OwnedKind,
  OwnedField,
  EdgeCacheDef,
} from './types';
export { answeredMethods } from './types';

/**
 * The one route table. CDK creates a Lambda and an HTTP API route per entry, the local
 * API server mounts the same handlers on the same paths, and tests walk it.
 */
const ALL = [
  ...systemRoutes,
  ...accountRoutes,
  ...marketRoutes,
  ...marketReadRoutes,
  ...valuationRoutes,
  ...portfolioRoutes,
  ...watchlistRoutes,
  ...alertRoutes,
  ...sharingRoutes,
] as const;

export const ROUTES: readonly RouteDef[] = ALL;

export type RouteId = (typeof ALL)[number]['id'];

export function routeById(id: RouteId): RouteDef {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`No route with id "${id}" in the route table`);
  return route;
}

/** Routes whose handler exists; the others answer 501 until they are built. */
export const builtRoutes = (): RouteDef[] => ROUTES.filter((r) => r.handler !== undefined);
export const plannedRoutes = (): RouteDef[] => ROUTES.filter((r) => r.handler === undefined);
