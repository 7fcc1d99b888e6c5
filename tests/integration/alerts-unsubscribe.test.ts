import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { alertStore, applyUnsubscribes } from '../../functions/alerts/store';
import { alertTokenKey, signAlertToken } from '../../functions/alerts/token';
import { keys } from '../../functions/lib/keys';
import {
  ALERT_MESSAGES,
  type AlertListResponse,
  type AlertRecord,
} from '../../shared/schemas/alerts';
import { createSignedInUser, type TestUser } from '../support/users';
import { api, doc, table } from './valuation-support';

/**
 * Turning an alert off from its email's link writes nothing of the user's (decision 171): one
 * mark outside the user's partition. The user's list leaves the rule out at once; the quote
 * job's next run removes the rule, its count and its interest, then the mark.
 */
const get = async (key: { pk: string; sk: string }) =>
  (await doc.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

const list = async (user: TestUser) =>
  (await api.get<AlertListResponse>('/api/alerts/list', { token: user.accessToken })).body.data;

describe('unsubscribing from an alert email', () => {
  it('marks the rule off outside the user’s partition; the list leaves it out; the job removes it', async () => {
    const user = await createSignedInUser();
    const added = await api.post<{ data: AlertRecord }>(
      '/api/alerts/add',
      { kind: 'price', stock_symbol: 'MSFT', direction: 'below', price: '10.25' },
      { token: user.accessToken },
    );
    expect(added.status).toBe(200);
    const alertId = added.body.data.alert_id;
    const counter = (await get(keys.alertCounter(user.userId)))!.alertCount as number;
    const token = signAlertToken(await alertTokenKey(), { userId: user.userId, alertId });

    const off = await api.post<{ message: string }>('/api/alerts/unsubscribe', { token });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(ALERT_MESSAGES.unsubscribed);
    expect((await list(user)).map((r) => r.alert_id)).not.toContain(alertId);
    // Nothing of the user's was written: the rule and its count are as they were.
    expect(await get(keys.alertRule(user.userId, alertId))).toBeDefined();
    expect((await get(keys.alertCounter(user.userId)))!.alertCount).toBe(counter);
    expect(await get(keys.alertOff(user.userId, alertId))).toMatchObject({
      type: 'AlertOff',
      userId: user.userId,
      alertId,
      gsi1pk: 'ALERT_OFF',
    });
    // A second use of the link finds it off.
    const again = await api.post<{ message: string }>('/api/alerts/unsubscribe', { token });
    expect(again.body.message).toBe(ALERT_MESSAGES.alreadyOff);

    // The quote job's first step.
    expect(await applyUnsubscribes(alertStore())).toBeGreaterThanOrEqual(1);
    expect(await get(keys.alertRule(user.userId, alertId))).toBeUndefined();
    expect((await get(keys.alertCounter(user.userId)))!.alertCount).toBe(counter - 1);
    expect(await get(keys.symbolInterest(user.userId, 'MSFT', 'alert'))).toBeUndefined();
    expect(await get(keys.alertOff(user.userId, alertId))).toBeUndefined();
    const last = await api.post<{ message: string }>('/api/alerts/unsubscribe', { token });
    expect(last.body.message).toBe(ALERT_MESSAGES.alreadyOff);
  });
});
