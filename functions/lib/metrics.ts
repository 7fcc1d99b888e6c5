import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { CallPriority } from '../../shared/market/plans';

/**
 * Custom metrics (CloudWatch embedded metric format, written with the logs: no API call).
 * One instance per Lambda instance; `route()` and the jobs publish what an invocation recorded
 * when it ends. The names and dimensions here are the ones the alarms and the dashboard read
 * (infra/constructs/monitoring.ts, docs/runbook.md). Locally they are off
 * (POWERTOOLS_METRICS_DISABLED=true).
 */
export const METRICS_NAMESPACE = 'MrMarket';

export const METRIC = {
  /** Answers by status class, per route (dimension `route`). */
  responses4xx: 'Responses4xx',
  responses5xx: 'Responses5xx',
  /**
   * Requests refused (429) for their client's per-minute limit on a route (decision 122), by
   * `limit`: `marketRead` for the public GET market reads (in AWS, CloudFront's cache misses;
   * decision 190), `other` for sign-in, sign-up, contact and the rest.
   */
  clientLimited: 'ClientLimited',
  /** Upstream market-data calls made, and refused or failed by kind (dimension `kind`). */
  providerCalls: 'ProviderCalls',
  providerFailures: 'ProviderFailures',
  /** The call budget's use of its tightest window (percent), and the breaker (1 open, 0 closed). */
  budgetUsedPercent: 'BudgetUsedPercent',
  circuitOpen: 'CircuitOpen',
  /** Scheduled job runs, failures and duration (dimension `job`). */
  jobRuns: 'JobRuns',
  jobFailures: 'JobFailures',
  jobDuration: 'JobDuration',
  alertsSent: 'AlertsSent',
  ordersFilled: 'OrdersFilled',
  /**
   * A portfolio's upkeep that did not happen: dividends or splits unreadable, due actions not
   * applied, the NAV history not kept (decision 130). The read still answers.
   */
  portfolioUpkeepFailures: 'PortfolioUpkeepFailures',
  /**
   * A sign-out everywhere (logout, password change or reset) whose Cognito global sign-out
   * still failed after its retries: refresh tokens may live on (decision 144).
   */
  globalSignOutFailures: 'GlobalSignOutFailures',
  /**
   * An answer of the market map or Compare from a screener snapshot older than its refresh
   * interval allows: the snapshot job is not keeping it (decision 166).
   */
  staleSnapshotAnswers: 'StaleSnapshotAnswers',
} as const;

export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'mr-market',
});

function dimensioned(name: string, dimension: string, value: string, n = 1): void {
  const single = metrics.singleMetric();
  single.addDimension(dimension, value);
  single.addMetric(name, MetricUnit.Count, n);
}

/** A route's answer: 4xx and 5xx counted per route. */
export function recordResponse(routeId: string, status: number): void {
  if (status >= 500) dimensioned(METRIC.responses5xx, 'route', routeId);
  else if (status >= 400) dimensioned(METRIC.responses4xx, 'route', routeId);
}

/** A request refused for its client's per-minute limit on a route. */
export function recordClientLimited(limit: 'marketRead' | 'other'): void {
  dimensioned(METRIC.clientLimited, 'limit', limit);
}

/** The kind of a provider failure, as the alarms and the runbook name it. */
export function failureKind(error: Error): string {
  const name = error.constructor.name;
  return name.replace(/^Provider/, '').replace(/Error$/, '') || 'Unknown';
}

export function recordProviderCall(_endpoint: string, _priority: CallPriority): void {
  metrics.addMetric(METRIC.providerCalls, MetricUnit.Count, 1);
}

export function recordProviderFailure(
  _endpoint: string,
  error: Error,
  _priority: CallPriority,
): void {
  dimensioned(METRIC.providerFailures, 'kind', failureKind(error));
}

export function recordBudget(usedPercent: number, circuitOpen: boolean): void {
  metrics.addMetric(METRIC.budgetUsedPercent, MetricUnit.Percent, usedPercent);
  metrics.addMetric(METRIC.circuitOpen, MetricUnit.Count, circuitOpen ? 1 : 0);
}

export function recordJobRun(job: string, ok: boolean, durationMs: number): void {
  const single = metrics.singleMetric();
  single.addDimension('job', job);
  single.addMetric(METRIC.jobRuns, MetricUnit.Count, 1);
  single.addMetric(METRIC.jobFailures, MetricUnit.Count, ok ? 0 : 1);
  single.addMetric(METRIC.jobDuration, MetricUnit.Milliseconds, durationMs);
}

export function recordCount(
  name: typeof METRIC.alertsSent | typeof METRIC.ordersFilled,
  n: number,
) {
  if (n > 0) metrics.addMetric(name, MetricUnit.Count, n);
}

/** One failure of a portfolio's upkeep (the kind goes to the log line, not to a dimension). */
export function recordPortfolioUpkeepFailure(): void {
  metrics.addMetric(METRIC.portfolioUpkeepFailures, MetricUnit.Count, 1);
}

/** A global sign-out that could not be completed (decision 144). */
export function recordGlobalSignOutFailure(): void {
  metrics.addMetric(METRIC.globalSignOutFailures, MetricUnit.Count, 1);
}

/** The market map or Compare answered from a stale screener snapshot (decision 166). */
export function recordStaleSnapshot(): void {
  metrics.addMetric(METRIC.staleSnapshotAnswers, MetricUnit.Count, 1);
}

/** Writes what this invocation recorded (nothing when it recorded nothing). */
export function publishMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
