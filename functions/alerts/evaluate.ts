import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { evaluateAlert, toCents, type AlertSide } from '../../shared/alerts/rules';
import { getProfile } from '../account/profile';
import { siteUrl } from '../cognito/site-url';
import { GSI1, keys } from '../lib/keys';
import { logger } from '../lib/logger';
import type { MarketService } from '../market/service';
import { alertMail, sendAlertMail, type AlertMail } from './mail';
import { applyUnsubscribes, type AlertItem, type AlertStore } from './store';
import { alertTokenKey, signAlertToken } from './token';
import { now as clockNow } from '../lib/clock';

export interface AlertRunResult {
  rules: number;
  /** Emails sent: one per rule whose price crossed into its condition. */
  sent: number;
  /** Rules whose price went back: armed again, no email. */
  rearmed: number;
  /** Rules without a fresh quote this run: left as they are. */
  unpriced: number;
  failed: number;
}

export interface AlertDeps {
  store: AlertStore;
  market: MarketService;
  send?: (mail: AlertMail) => Promise<void>;
  now?: () => Date;
}

/** Every rule: one gsi1 partition (`ALERT_RULE`), sorted by symbol. No scan. */
async function allRules(store: AlertStore): Promise<AlertItem[]> {
  const rules: AlertItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await store.client.send(
      new QueryCommand({
        TableName: store.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :g',
        ExpressionAttributeValues: { ':g': keys.alertRulePk },
        ExclusiveStartKey: start,
      }),
    );
    rules.push(...((out.Items ?? []) as AlertItem[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return rules;
}

/** Moves a rule to its new side, only if no other run moved it first. */
async function moveSide(
  store: AlertStore,
  rule: AlertItem,
  side: AlertSide,
  at?: string,
): Promise<boolean> {
  try {
    await store.client.send(
      new UpdateCommand({
        TableName: store.table,
        Key: keys.alertRule(rule.userId, rule.alertId),
        UpdateExpression: at ? 'SET #side = :new, lastTriggeredAt = :at' : 'SET #side = :new',
        ConditionExpression: 'attribute_exists(pk) AND #side = :old',
        ExpressionAttributeNames: { '#side': 'side' },
        ExpressionAttributeValues: {
          ':new': side,
          ':old': rule.side,
          ...(at ? { ':at': at } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * One evaluation of every alert rule against the quote cache the quote job just refreshed.
 * A rule that crosses into its condition is first marked `hit` (a conditional write, so two
 * overlapping runs cannot both send), then emailed; if the email fails it goes back to
 * `clear` and the next run tries again. A stale or missing quote changes nothing.
 */
export async function evaluateAlerts(deps: AlertDeps): Promise<AlertRunResult> {
  // Rules turned off from their emails' links since the last run go first (decision 171).
  await applyUnsubscribes(deps.store);
  const rules = await allRules(deps.store);
  const result: AlertRunResult = {
    rules: rules.length,
    sent: 0,
    rearmed: 0,
    unpriced: 0,
    failed: 0,
  };
  if (rules.length === 0) return result;

  const symbols = [...new Set(rules.map((r) => r.symbol))];
  const quotes = await deps.market.rawQuotes(symbols);
  const send = deps.send ?? sendAlertMail;
  const now = deps.now ?? clockNow;
  let site: string | undefined;
  let key: string | undefined;

  for (const rule of rules) {
    const quote = quotes.get(rule.symbol);
    const price = quote?.value.price;
    if (
      !quote ||
      quote.stale ||
      typeof price !== 'number' ||
      !Number.isFinite(price) ||
      price <= 0
    ) {
      result.unpriced++;
      continue;
    }
    const side: AlertSide = rule.side === 'hit' ? 'hit' : 'clear';
    const next = evaluateAlert(rule, side, toCents(price));
    if (next.side === side) continue;
    if (!next.fire) {
      if (await moveSide(deps.store, rule, 'clear')) result.rearmed++;
      continue;
    }
    if (!(await moveSide(deps.store, rule, 'hit', now().toISOString()))) continue;
    try {
      const profile = await getProfile(rule.userId);
      if (!profile?.email) {
        logger.warn('alert owner has no email address: alert not sent', { alert: rule.alertId });
        continue;
      }
      site ??= await siteUrl();
      if (!site) throw new Error('No site address (SITE_URL) for the links of alert emails');
      key ??= await alertTokenKey();
      const token = signAlertToken(key, { userId: rule.userId, alertId: rule.alertId });
      await send(alertMail({ to: profile.email, rule, price, site, token }));
      result.sent++;
    } catch (error) {
      result.failed++;
      logger.error('alert email failed: the rule is armed again', {
        alert: rule.alertId,
        error: error as Error,
      });
      await moveSide(deps.store, { ...rule, side: 'hit' }, 'clear').catch(() => undefined);
    }
  }
  return result;
}
