import type { MarketSource } from '../../shared/market';
import { PLANS, type PlanLimits, type PlanName } from '../../shared/market/plans';

export { PLANS, type PlanLimits, type PlanName };

/** The limits a source runs under: the demo data set has none; FMP those of FMP_PLAN. */
export function planFor(source: MarketSource, fmpPlan: Exclude<PlanName, 'demo'>): PlanLimits {
  return source === 'demo' ? PLANS.demo : PLANS[fmpPlan];
}
