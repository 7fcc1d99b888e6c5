import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../functions/lib/config';
import {
  PITCH_STATUS,
  trackedPitchesResponse,
  valuationResponse,
  type ValuationRecord,
} from '../../shared/schemas/valuation-api';
import { freezeTrackingFigures } from '../../shared/tracking/freeze';
import { trackedPitchRows } from '../../shared/tracking/figures';
import { createSignedInUser, type TestUser } from '../support/users';
import {
  api,
  interestItem,
  pitchOf,
  quotePrice,
  seedTrackCount,
  storedItem,
  trackCount,
} from './valuation-support';

type ErrorBody = { message: string; errors?: Record<string, string> };

async function track(user: TestUser, id: string) {
  return api.post<ErrorBody>(
    '/api/update-pitch',
    { valuation_id: id },
    { token: user.accessToken },
  );
}

async function trackedList(user: TestUser) {
  const res = await api.post('/api/trackedPitches', {}, { token: user.accessToken });
  expect(res.status).toBe(200);
  return trackedPitchesResponse.parse(res.body);
}

describe('tracking a pitch (update-pitch) and My Tracked Pitches', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createSignedInUser({ name: 'Tracking Investor' });
  });

  it('freezes the tracked figures at the current quote, marks the pitch tracked and counts it', async () => {
    const pitch = await pitchOf(user, 4, 'MSFT');
    const res = await track(user, pitch.id);
    expect(res.status).toBe(200);
    const body = valuationResponse.parse(res.body);
    expect(body.message).toBe('Pitch Updated Successfully!');
    const tracked = body.data;
    const price = await quotePrice('MSFT');
    expect(tracked.pitch_status).toBe(PITCH_STATUS.tracked);
    expect(tracked.tracked_market_price).toBe(price);
    const frozen = freezeTrackingFigures({
      valuationId: pitch.id,
      currentPrice: price,
      outputs: {
        intrinsicValuePerShare: pitch.intrinsic_value_per_share,
        holdingPeriodYears: pitch.holding_period,
        endOfHoldValue: pitch.ebitda_at_endof_hold ?? null,
        enterpriseValue: pitch.enterprise_value ?? null,
        intrinsicValueOfBusiness: pitch.intrinsic_value_of_business ?? null,
      },
    });
    if (!frozen.ok) throw new Error(frozen.message);
    const { valuation_id: _id, ...figures } = frozen.payload;
    expect(tracked).toMatchObject(figures);
    expect(tracked.tracked_ebitda_at_endof_hold).toBe(pitch.ebitda_at_endof_hold);
    expect(tracked.trackedAt).toBeTruthy();
    expect(await trackCount(user.userId)).toBe(1);
    expect(await interestItem(user.userId, 'MSFT')).toMatchObject({
      symbol: 'MSFT',
      reason: 'tracked',
    });
  });

  it('refuses to track the same pitch twice and does not count it again', async () => {
    const pitch = await pitchOf(user, 1);
    expect((await track(user, pitch.id)).status).toBe(200);
    const count = await trackCount(user.userId);
    const again = await track(user, pitch.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This pitch is already tracked');
    expect(await trackCount(user.userId)).toBe(count);
  });

  it('refuses bad track payloads: no id, an unknown field, a missing pitch', async () => {
    expect((await api.post('/api/update-pitch', {}, { token: user.accessToken })).status).toBe(400);
    expect(
      (
        await api.post(
          '/api/update-pitch',
          { valuation_id: 'x', status: 2 },
          { token: user.accessToken },
        )
      ).status,
    ).toBe(400);
    const missing = await track(user, 'no-such-pitch');
    expect(missing.status).toBe(404);
  });

  it('lists tracked rows with the spec record fields and cached quotes the shared figures read', async () => {
    const list = await trackedList(user);
    expect(list.limit).toBe(config().TRACKING_LIMIT);
    expect(list.data.length).toBeGreaterThanOrEqual(2);
    for (const row of list.data) {
      expect(row.valuation_id).toBe(row.id);
      expect(row.intrinsic_value_per_share).toBeGreaterThan(0);
      expect(row.tracked_market_price).toBeGreaterThan(0);
    }
    expect(list.quotes.map((q) => q.symbol).sort()).toEqual(['AAPL', 'MSFT']);
    const rows = trackedPitchRows(list.data, list.quotes);
    for (const { figures } of rows) {
      expect(figures.marketPriceSource).toBe('live');
      expect(['On Track', 'Revisit Investment Idea']).toContain(figures.status);
    }
  });

  it("updates a tracked row's intrinsic value (tracked update), recomputing its tracked figures at its cost", async () => {
    const pitch = await pitchOf(user, 1);
    const tracked = valuationResponse.parse((await track(user, pitch.id)).body).data;
    const cost = tracked.tracked_market_price ?? 0;
    const res = await api.post(
      '/api/trackedPitches',
      { valuation_id: pitch.id, intrinsic_value_per_share: '1,234.50' },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const updated = valuationResponse.parse(res.body).data;
    expect(updated.tracked_intrinsic_value_per_share).toBe(1234.5);
    expect(updated.tracked_market_price).toBe(cost);
    expect(updated.tracked_moic).toBeCloseTo(1234.5 / cost, 9);
    // The valuation itself keeps outputs that agree with its assumptions.
    expect(updated.intrinsic_value_per_share).toBe(pitch.intrinsic_value_per_share);
    const row = (await trackedList(user)).data.find((r) => r.id === pitch.id);
    expect(row?.intrinsic_value_per_share).toBe(1234.5);

    // Below the cost and the price: the row's status turns to Revisit Investment Idea.
    const low = await api.post(
      '/api/updateTrackedPitch',
      { valuation_id: pitch.id, intrinsic_value_per_share: cost / 4 },
      { token: user.accessToken },
    );
    expect(low.status).toBe(200);
    const list = await trackedList(user);
    const lowRow = trackedPitchRows(list.data, list.quotes).find((r) => r.record.id === pitch.id);
    expect(lowRow?.figures.status).toBe('Revisit Investment Idea');
  });

  it('refuses a bad tracked update and one for a pitch that is not tracked, changing nothing', async () => {
    const pitch = await pitchOf(user, 1);
    const before = await storedItem(user.userId, pitch.id);
    for (const body of [
      { valuation_id: pitch.id, intrinsic_value_per_share: -5 },
      { valuation_id: pitch.id, intrinsic_value_per_share: 'abc' },
      { valuation_id: pitch.id },
      { intrinsic_value_per_share: 10 },
      { valuation_id: pitch.id, intrinsic_value_per_share: 10, extra: true },
    ]) {
      const res = await api.post('/api/trackedPitches', body, { token: user.accessToken });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const notTracked = await api.post<ErrorBody>(
      '/api/updateTrackedPitch',
      { valuation_id: pitch.id, intrinsic_value_per_share: 10 },
      { token: user.accessToken },
    );
    expect(notTracked.status).toBe(409);
    expect(notTracked.body.message).toBe('This pitch is not tracked');
    expect(await storedItem(user.userId, pitch.id)).toEqual(before);
  });

  it('keeps the cost per share on a Re-Pitch of a tracked pitch and follows the new intrinsic value', async () => {
    const pitch = await pitchOf(user, 2);
    const tracked = valuationResponse.parse((await track(user, pitch.id)).body).data;
    const res = await api.post(
      '/api/updateValuation',
      { valuation_id: pitch.id },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const data = valuationResponse.parse(res.body).data;
    expect(data.pitch_status).toBe(PITCH_STATUS.tracked);
    expect(data.tracked_market_price).toBe(tracked.tracked_market_price);
    expect(data.tracked_intrinsic_value_per_share).toBe(data.intrinsic_value_per_share);
    expect(data.trackedAt).toBe(tracked.trackedAt);
  });

  it('gives the count back when a tracked pitch is deleted or ignored, and releases the quote interest with the last one', async () => {
    const other = await createSignedInUser({ name: 'Untracking Investor' });
    const a = await pitchOf(other, 1, 'AAPL');
    const b = await pitchOf(other, 3, 'AAPL');
    expect((await track(other, a.id)).status).toBe(200);
    expect((await track(other, b.id)).status).toBe(200);
    expect(await trackCount(other.userId)).toBe(2);

    const del = await api.post<ErrorBody>(
      '/api/deletePitch',
      { valuation_id: a.id },
      { token: other.accessToken },
    );
    expect(del.status).toBe(200);
    expect(await trackCount(other.userId)).toBe(1);
    expect(await interestItem(other.userId, 'AAPL')).toBeDefined();

    const ignore = await api.post(
      '/api/ignoreValuation',
      { valuation_id: b.id },
      { token: other.accessToken },
    );
    expect(ignore.status).toBe(200);
    const ignored = valuationResponse.parse(ignore.body).data;
    expect(ignored.pitch_status).toBe(PITCH_STATUS.pitched);
    expect(ignored.ignored).toBe(true);
    expect(await trackCount(other.userId)).toBe(0);
    expect(await interestItem(other.userId, 'AAPL')).toBeUndefined();
    expect((await trackedList(other)).data).toEqual([]);
  });
});

describe('the tracking limit under concurrency', () => {
  it('20 concurrent Track requests with 3 places left track exactly 3; the rest get "Tracking Limit Reached!"', async () => {
    const limit = config().TRACKING_LIMIT;
    const user = await createSignedInUser({ name: 'Busy Investor' });
    // The user is 3 short of the limit (as if limit - 3 pitches were tracked already).
    await seedTrackCount(user.userId, limit - 3);
    const pitches: ValuationRecord[] = [];
    for (let i = 0; i < 20; i++) pitches.push(await pitchOf(user, ((i % 4) + 1) as 1 | 2 | 3 | 4));

    const results = await Promise.all(pitches.map((p) => track(user, p.id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Tracking Limit Reached!');
    }
    expect(await trackCount(user.userId)).toBe(limit);
    const list = await trackedList(user);
    expect(list.data).toHaveLength(3);
    const trackedIds = new Set(list.data.map((r) => r.id));
    for (const p of pitches) {
      const item = await storedItem(user.userId, p.id);
      expect(item?.pitch_status).toBe(
        trackedIds.has(p.id) ? PITCH_STATUS.tracked : PITCH_STATUS.pitched,
      );
    }

    // One more is refused until one leaves tracking; then one place is free again.
    const extra = pitches.find((p) => !trackedIds.has(p.id))!;
    expect((await track(user, extra.id)).status).toBe(409);
    const leaving = [...trackedIds][0]!;
    expect(
      (await api.post('/api/deletePitch', { valuation_id: leaving }, { token: user.accessToken }))
        .status,
    ).toBe(200);
    expect(await trackCount(user.userId)).toBe(limit - 1);
    expect((await track(user, extra.id)).status).toBe(200);
    expect(await trackCount(user.userId)).toBe(limit);
  }, 60_000);
});
