import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAlertToken } from '../../functions/alerts/token';
import { handler as refreshQuotesJob } from '../../functions/jobs/refreshQuotes';
import { keys } from '../../functions/lib/keys';
import { useMarketService, type MarketService } from '../../functions/market/service';
import {
  ALERT_LIMIT,
  ALERT_MESSAGES,
  type AlertListResponse,
  type AlertRecord,
} from '../../shared/schemas/alerts';
import type { ValuationRecord } from '../../shared/schemas/valuation-api';
import { readMail, type LocalMail } from '../support/mail';
import { testStack } from '../support/stack';
import { createSignedInUser, type TestUser } from '../support/users';
import { setQuote, testMarket } from './portfolio-support';
import { api, doc, pitchOf, table } from './valuation-support';

// The alert check reads every rule of the table: the tests that run the quote job with
// rules in place live in this one file.

let alice: TestUser;
let bob: TestUser;
let pitch: ValuationRecord;
let market: MarketService;

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    createSignedInUser({ name: 'Alice' }),
    createSignedInUser({ name: 'Bob' }),
  ]);
  // The pitch is saved at the server's quote, before this file's own quote cache takes over.
  pitch = (await pitchOf(alice, 1, 'AAPL')) as ValuationRecord;
  market = testMarket();
  useMarketService(market);
  // A fresh index quote: the job's refresh waits, so the quotes below stay as set.
  await setQuote(market, '^GSPC', 5000);
});
afterAll(() => useMarketService(undefined));

const add = (user: TestUser, body: unknown) =>
  api.post<{ message: string; data: AlertRecord }>('/api/alerts/add', body, {
    token: user.accessToken,
  });
const list = (user: TestUser) =>
  api.get<AlertListResponse>('/api/alerts/list', { token: user.accessToken });
const remove = (user: TestUser, alertId: string) =>
  api.post<{ message: string }>(
    '/api/alerts/delete',
    { alert_id: alertId },
    {
      token: user.accessToken,
    },
  );
const unsubscribe = (token: unknown) =>
  api.post<{ message: string; data?: { removed: boolean } }>('/api/alerts/unsubscribe', {
    token,
  });

/** Alert emails (not the account's own) to `user` since `since` (epoch s), about `symbol` when given. */
async function mailTo(user: TestUser, since: number, symbol?: string): Promise<LocalMail[]> {
  const mails = await readMail({ to: user.email, sinceEpochSeconds: since });
  return mails.filter((m) => m.subject.startsWith(symbol ? `Alert: ${symbol} ` : 'Alert: '));
}

const site = () => testStack().env.SITE_URL!.replace(/\/+$/, '');

describe('valuation alerts', () => {
  it('emails once when the price falls through the intrinsic value, not again while it stays below; the link turns it off without signing in', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const intrinsic = pitch.intrinsic_value_per_share;
    const added = await add(alice, {
      kind: 'intrinsic',
      valuation_id: pitch.valuation_id,
      direction: 'below',
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(ALERT_MESSAGES.added);
    const rule = added.body.data;
    expect(rule).toMatchObject({
      stock_symbol: 'AAPL',
      kind: 'intrinsic',
      direction: 'below',
      state: 'armed',
      valuation_id: pitch.valuation_id,
      threshold: Math.round(intrinsic * 100) / 100,
    });

    // Above the intrinsic value: nothing to say.
    await setQuote(market, 'AAPL', Math.round(intrinsic * 100 + 1000) / 100);
    await refreshQuotesJob({});
    expect(await mailTo(alice, since)).toHaveLength(0);

    // One cent under it: one email.
    await setQuote(market, 'AAPL', Math.round(intrinsic * 100 - 1) / 100);
    const first = await refreshQuotesJob({});
    expect(first.alerts?.sent).toBeGreaterThanOrEqual(1);
    const mails = await mailTo(alice, since);
    expect(mails).toHaveLength(1);

    // Still under it a minute later: no second email.
    await setQuote(market, 'AAPL', Math.round(intrinsic * 100 - 500) / 100);
    await refreshQuotesJob({});
    expect(await mailTo(alice, since)).toHaveLength(1);
    expect((await list(alice)).body.data.find((r) => r.alert_id === rule.alert_id)?.state).toBe(
      'triggered',
    );

    const mail = mails[0]!;
    const text = mail.body.text ?? '';
    expect(mail.subject).toBe(`Alert: ${rule.description}`);
    expect(text).toContain(`${site()}/Market/${pitch.valuation_id}`);
    const link = /(https?:\/\/\S+\/alerts\/unsubscribe\?token=\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const headers = (mail as LocalMail & { headers?: { name: string; value: string }[] }).headers;
    expect(headers).toContainEqual({ name: 'List-Unsubscribe', value: `<${link}>` });
    const token = new URL(link!).searchParams.get('token')!;

    // A changed token or one signed with another key is refused and changes nothing.
    const [payload, signature] = token.split('.');
    const flipped = signature!.startsWith('A')
      ? `B${signature!.slice(1)}`
      : `A${signature!.slice(1)}`;
    expect((await unsubscribe(`${payload}.${flipped}`)).status).toBe(400);
    const forged = signAlertToken('a-key-that-is-not-the-servers', {
      userId: alice.userId,
      alertId: rule.alert_id,
    });
    const refused = await unsubscribe(forged);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ALERT_MESSAGES.badToken);
    expect((await unsubscribe('not a token')).status).toBe(400);
    expect((await list(alice)).body.data.map((r) => r.alert_id)).toContain(rule.alert_id);

    // The real link, without signing in: the rule is gone; a second click says so.
    const done = await unsubscribe(token);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(ALERT_MESSAGES.unsubscribed);
    expect((await list(alice)).body.data.map((r) => r.alert_id)).not.toContain(rule.alert_id);
    const again = await unsubscribe(token);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(ALERT_MESSAGES.alreadyOff);
  });

  it('re-arms when the price rises back past a buy price and emails again on the next fall', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const added = await add(alice, {
      kind: 'price',
      stock_symbol: 'msft',
      direction: 'below',
      price: '300.50',
    });
    expect(added.status).toBe(200);
    expect(added.body.data.description).toBe('MSFT at or below $300.50');
    await setQuote(market, 'MSFT', 300.5);
    await refreshQuotesJob({});
    expect(await mailTo(alice, since, 'MSFT')).toHaveLength(1);
    await setQuote(market, 'MSFT', 300.51);
    await refreshQuotesJob({});
    expect((await list(alice)).body.data[0]?.state).toBe('armed');
    expect(await mailTo(alice, since, 'MSFT')).toHaveLength(1);
    await setQuote(market, 'MSFT', 299);
    await refreshQuotesJob({});
    const mails = await mailTo(alice, since, 'MSFT');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body.text).toContain(`${site()}/Market?symbol=MSFT`);
    expect((await remove(alice, added.body.data.alert_id)).status).toBe(200);
  });

  it("keeps users apart: Bob neither lists nor removes Alice's alert (404)", async () => {
    const mine = await add(alice, {
      kind: 'margin',
      valuation_id: pitch.valuation_id,
      margin_pct: 20,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.margin_pct).toBe(20);
    expect((await list(bob)).body.data).toEqual([]);
    const denied = await remove(bob, mine.body.data.alert_id);
    expect(denied.status).toBe(404);
    expect((await list(alice)).body.data.map((r) => r.alert_id)).toContain(mine.body.data.alert_id);
    // Bob cannot alert on Alice's pitch either.
    expect(
      (await add(bob, { kind: 'intrinsic', valuation_id: pitch.valuation_id, direction: 'above' }))
        .status,
    ).toBe(404);
    expect((await remove(alice, mine.body.data.alert_id)).status).toBe(200);
    expect((await remove(alice, mine.body.data.alert_id)).status).toBe(404);
  });

  it('refuses bad input with 400 and a clear message, and a 51st alert', async () => {
    const cases: [unknown, string][] = [
      [
        { kind: 'margin', valuation_id: pitch.valuation_id, margin_pct: 95 },
        'Enter a margin of safety of at most 90%',
      ],
      [
        { kind: 'price', stock_symbol: 'AAPL', direction: 'below', price: 0 },
        'Enter a price of at least $0.01',
      ],
      [
        { kind: 'price', stock_symbol: 'AAPL', direction: 'sideways', price: 10 },
        'Choose above or below',
      ],
      [
        { kind: 'soon', stock_symbol: 'AAPL' },
        'Choose the kind of alert: intrinsic, margin or price',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await add(bob, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await api.get('/api/alerts/list')).status).toBe(401);

    await doc.send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.alertCounter(bob.userId), type: 'AlertCounter', alertCount: ALERT_LIMIT },
      }),
    );
    const over = await add(bob, {
      kind: 'price',
      stock_symbol: 'AAPL',
      direction: 'above',
      price: 999,
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(ALERT_MESSAGES.limit);
    const counter = await doc.send(
      new GetCommand({ TableName: table(), Key: keys.alertCounter(bob.userId) }),
    );
    expect(counter.Item?.alertCount).toBe(ALERT_LIMIT);
    expect((await list(bob)).body.data).toEqual([]);
  });
});
