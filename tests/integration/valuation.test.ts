import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MARKET_PRICE_TOLERANCE,
  PITCH_STATUS,
  savedValuationResponse,
  valuationOutputResponse,
  valuationResponse,
  type SavedValuationResponse,
} from '../../shared/schemas/valuation-api';
import { computeValuation, toStoredOutputs, type PEInput } from '../../shared/valuation';
import { createSignedInUser, type TestUser } from '../support/users';
import {
  api,
  inputsFor,
  payloadOf,
  pitchOf,
  quotePrice,
  storedItem,
  valuationItems,
} from './valuation-support';

type ErrorBody = { message: string; errors?: Record<string, string> };

describe('saving valuations (addValuation, editValuation, getValuationOutput, updateValuation)', () => {
  let user: TestUser;
  let price = 0;

  beforeAll(async () => {
    user = await createSignedInUser({ name: 'Valuing Investor' });
    price = await quotePrice('AAPL');
  });

  it('stores a P/E pitch with a server id, the recomputed outputs, the price at save and the stock name', async () => {
    const payload = payloadOf(inputsFor(1, 'aapl', price), {
      id: 'chosen-by-client',
      valuation_id: 'chosen-by-client',
    });
    const res = await api.post<SavedValuationResponse>('/api/addValuation', payload, {
      token: user.accessToken,
    });
    expect(res.status).toBe(200);
    const body = savedValuationResponse.parse(res.body);
    expect(body.message).toBe('Stock Pitch Successful!');
    const saved = body.data;
    expect(saved.id).not.toBe('chosen-by-client');
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.valuation_id).toBe(saved.id);
    expect(saved.stock_symbol).toBe('AAPL');
    expect(saved.stock_name).toMatch(/Apple/);
    expect(saved.pitch_status).toBe(PITCH_STATUS.pitched);
    expect(saved.market_price).toBe(price);
    expect(saved.tracked_market_price).toBe(price);
    expect(saved.moats).toEqual(['Brand(s)', 'Network Effects']);
    expect(saved.comment).toBe('Durable franchise');
    const expected = computeValuation(inputsFor(1, 'AAPL', price));
    if (!expected.ok) throw new Error('fixture gives no valuation');
    expect(saved).toMatchObject(toStoredOutputs(expected));
    expect(saved.earnings_per_share).toBe(6.5);
    expect(saved.growth_ratein_eps).toBe(9);
    expect(body.valuation_output).toHaveLength(1);
    expect(body.valuation_output[0]).toMatchObject({
      valuation_id: saved.id,
      valuation_output_id: saved.valuation_output_id,
      intrinsic_value_per_share: saved.intrinsic_value_per_share,
      margin_of_safety: saved.premium,
      cumulative_gain_or_loss: saved.cumulative_loss,
    });

    const item = await storedItem(user.userId, saved.id);
    expect(item).toMatchObject({
      pk: `USER#${user.userId}`,
      sk: `VALUATION#${saved.id}`,
      type: 'Valuation',
      id: saved.id,
    });
    expect(item?.createdAt).toBe(saved.createdAt);
  });

  it('stores each methodology with its own fields (P/B, P/S, EV/EBITDA)', async () => {
    const pb = await pitchOf(user, 2);
    expect(pb).toMatchObject({
      valuation_type_id: 2,
      book_value_per_share: 4.2,
      growth_in_bookvalue: 5,
    });
    expect(pb.bookvalue_per_share_at_endof_hold).toBeCloseTo(4.2 * 1.05 ** 3, 9);
    const ps = await pitchOf(user, 3);
    expect(ps.revenue_per_share_at_endof_hold).toBeCloseTo(25 * 1.07 ** 3, 9);
    const ev = await pitchOf(user, 4);
    expect(ev).toMatchObject({
      valuation_type_id: 4,
      ebitda: 130_000,
      debt: 100_000,
      cash_and_cash_equivalents: 60_000,
      shares_outstanding: 15_000,
    });
    const ebitdaEnd = 130_000 * 1.06 ** 3;
    expect(ev.ebitda_at_endof_hold).toBeCloseTo(ebitdaEnd, 6);
    expect(ev.enterprise_value).toBeCloseTo(ebitdaEnd * 18, 4);
    expect(ev.intrinsic_value_of_business).toBeCloseTo(ebitdaEnd * 18 - 100_000 + 60_000, 4);
    expect(ev.intrinsic_value_per_share).toBeCloseTo((ebitdaEnd * 18 - 40_000) / 15_000, 8);
    expect(ev.earnings_per_share_at_endof_hold ?? null).toBeNull();
  });

  it('keeps a valuation for later with pitch_status 0 (no tracked price)', async () => {
    const saved = await pitchOf(user, 1, 'AAPL', { pitch_status: 0 });
    expect(saved.pitch_status).toBe(PITCH_STATUS.saved);
    expect(saved.tracked_market_price).toBeNull();
  });

  it('loads a saved valuation by id (editValuation) and its outputs (getValuationOutput)', async () => {
    const saved = await pitchOf(user, 1);
    const edit = await api.post(
      '/api/editValuation',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(edit.status).toBe(200);
    expect(valuationResponse.parse(edit.body).data).toEqual(saved);
    const out = await api.post(
      '/api/getValuationOutput',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(out.status).toBe(200);
    const output = valuationOutputResponse.parse(out.body).data;
    expect(output).toMatchObject({
      valuation_id: saved.id,
      intrinsic_value_per_share: saved.intrinsic_value_per_share,
      irr: saved.irr,
      moic: saved.moic,
      earnings_per_share_at_endof_hold: saved.earnings_per_share_at_endof_hold,
      margin_label:
        saved.market_price <= saved.intrinsic_value_per_share ? 'Margin of Safety' : 'Premium',
    });
    const missing = await api.post<ErrorBody>(
      '/api/editValuation',
      { valuation_id: 'no-such-valuation' },
      { token: user.accessToken },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Request not found');
  });

  it('re-pitches with new assumptions: outputs recomputed, new output id, creation time kept', async () => {
    const saved = await pitchOf(user, 1);
    const changed = payloadOf(
      {
        ...(inputsFor(1, 'AAPL', price) as PEInput & { stock_symbol: string }),
        growth_ratein_eps: 15,
        holding_period: 5,
      },
      { moats: ['Patents'], comment: 'Raised growth' },
    );
    const res = await api.post<SavedValuationResponse>(
      '/api/updateValuation',
      { valuation_id: saved.id, ...changed },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const body = savedValuationResponse.parse(res.body);
    expect(body.message).toBe('Pitch Updated Successfully!');
    expect(body.data).toMatchObject({
      id: saved.id,
      growth_ratein_eps: 15,
      holding_period: 5,
      moats: ['Patents'],
      comment: 'Raised growth',
      createdAt: saved.createdAt,
    });
    expect(body.data.valuation_output_id).not.toBe(saved.valuation_output_id);
    expect(body.data.intrinsic_value_per_share).toBeCloseTo(6.5 * 1.15 ** 5 * 18, 8);
    const reread = await api.post(
      '/api/editValuation',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(valuationResponse.parse(reread.body).data).toEqual(body.data);
  });

  it('re-pitches to another methodology and drops the former model fields', async () => {
    const saved = await pitchOf(user, 1);
    const res = await api.post<SavedValuationResponse>(
      '/api/updateValuation',
      { valuation_id: saved.id, ...payloadOf(inputsFor(3, 'AAPL', price)) },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const item = await storedItem(user.userId, saved.id);
    expect(item?.valuation_type_id).toBe(3);
    expect(item?.earnings_per_share).toBeUndefined();
    expect(item?.earnings_per_share_at_endof_hold ?? null).toBeNull();
    expect(item?.revenue_per_share).toBe(25);
  });

  it('re-pitches with the id alone at the current market price', async () => {
    const saved = await pitchOf(user, 2);
    const res = await api.post<SavedValuationResponse>(
      '/api/updateValuation',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const now = await quotePrice('AAPL');
    const data = savedValuationResponse.parse(res.body).data;
    expect(data.market_price).toBe(now);
    const expected = computeValuation({ ...inputsFor(2, 'AAPL', now) });
    if (!expected.ok) throw new Error('fixture gives no valuation');
    expect(data).toMatchObject(toStoredOutputs(expected));
  });

  it('refuses a re-pitch that changes the stock, and leaves the valuation as it was', async () => {
    const saved = await pitchOf(user, 1);
    const msft = await quotePrice('MSFT');
    const res = await api.post<ErrorBody>(
      '/api/updateValuation',
      { valuation_id: saved.id, ...payloadOf(inputsFor(1, 'MSFT', msft)) },
      { token: user.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A pitch keeps its stock: pitch another stock as a new pitch');
    expect((await storedItem(user.userId, saved.id))?.stock_symbol).toBe('AAPL');
  });

  it('refuses outputs that disagree with the assumptions, naming them, and stores nothing', async () => {
    const before = (await valuationItems(user.userId)).length;
    const good = payloadOf(inputsFor(1, 'AAPL', price));
    for (const wrong of [
      { intrinsic_value_per_share: good.intrinsic_value_per_share + 1 },
      { irr: good.irr + 1 },
      { moic: 0 },
      { premium: good.premium + 0.01 },
    ]) {
      const res = await api.post<ErrorBody>(
        '/api/addValuation',
        { ...good, ...wrong },
        { token: user.accessToken },
      );
      expect(res.status, JSON.stringify(wrong)).toBe(400);
      expect(res.body.message).toContain('The valuation figures do not match its assumptions');
      expect(res.body.message).toContain(Object.keys(wrong)[0]);
    }
    expect(await valuationItems(user.userId)).toHaveLength(before);
  });

  it('refuses out-of-range inputs with a clear message: negative hold, non-finite numbers, a 10,000-character comment', async () => {
    const before = (await valuationItems(user.userId)).length;
    const good = payloadOf(inputsFor(1, 'AAPL', price));
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...good, holding_period: -1 }, 'holding_period', /hold period above 0/i],
      [
        JSON.stringify(good).replace(/"earnings_per_share":6\.5/, '"earnings_per_share":1e400'),
        'earnings_per_share',
        /Earnings Per Share/,
      ],
      [{ ...good, growth_ratein_eps: 'NaN' }, 'growth_ratein_eps', /Enter a number/],
      [{ ...good, forward_multiple: null }, 'forward_multiple', /Enter a number/],
      [{ ...good, comment: 'x'.repeat(10_000) }, 'comment', /2,000 characters/],
      [{ ...good, moats: ['Magic'] }, 'moats.0', /moats/i],
      [{ ...good, valuation_type_id: 7 }, 'valuation_type_id', /methodology/],
      [{ ...good, stock_symbol: 'not a symbol' }, 'stock_symbol', /valid stock symbol/],
      [
        { ...good, earnings_per_share: 0 },
        'earnings_per_share',
        /Enter positive number or try another model/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.post<ErrorBody>('/api/addValuation', body, { token: user.accessToken });
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[field], field).toMatch(message);
    }
    const badJson = await api.post<ErrorBody>('/api/addValuation', '{"valuation_type_id":', {
      token: user.accessToken,
    });
    expect(badJson.status).toBe(400);
    expect(await valuationItems(user.userId)).toHaveLength(before);
  });

  it('refuses a market price far from the current quote, and one for a stock without a quote', async () => {
    const far = price * (1 + MARKET_PRICE_TOLERANCE * 3);
    const res = await api.post<ErrorBody>(
      '/api/addValuation',
      payloadOf(inputsFor(1, 'AAPL', far)),
      { token: user.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.market_price).toMatch(/market price of AAPL is now/);
    const unknown = await api.post<ErrorBody>(
      '/api/addValuation',
      payloadOf(inputsFor(1, 'ZZZZQ', 10)),
      { token: user.accessToken },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('no market price');
  });

  it('asks a guest to log in on every valuation route', async () => {
    for (const path of [
      '/api/addValuation',
      '/api/updateValuation',
      '/api/addPitch',
      '/api/editValuation',
      '/api/getValuationOutput',
      '/api/myValuation',
      '/api/deletePitch',
      '/api/ignoreValuation',
      '/api/buyPitch',
      '/api/update-pitch',
      '/api/trackedPitches',
      '/api/updateTrackedPitch',
    ]) {
      const res = await api.post(path, {});
      expect(res.status, path).toBe(401);
    }
  });

  it('accepts the outputs the shared math computes for random valid inputs and stores exactly them (server = screen)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 2, 3, 4),
        fc.double({ min: 0.01, max: 500, noNaN: true }),
        fc.double({ min: -50, max: 60, noNaN: true }),
        fc.double({ min: 0.5, max: 60, noNaN: true }),
        fc.double({ min: 0.25, max: 15, noNaN: true }),
        async (type, base, growth, multiple, hold) => {
          const inputs = inputsFor(type as 1 | 2 | 3 | 4, 'AAPL', price) as unknown as Record<
            string,
            number | string
          >;
          const baseField = (
            {
              1: 'earnings_per_share',
              2: 'book_value_per_share',
              3: 'revenue_per_share',
              4: 'ebitda',
            } as const
          )[type as 1];
          const growthField = (
            {
              1: 'growth_ratein_eps',
              2: 'growth_in_bookvalue',
              3: 'revenue_per_share_growth_rate',
              4: 'ebitda_growth',
            } as const
          )[type as 1];
          Object.assign(inputs, {
            [baseField]: type === 4 ? base * 1000 : base,
            [growthField]: growth,
            forward_multiple: multiple,
            holding_period: hold,
          });
          const result = computeValuation(inputs as never);
          fc.pre(result.ok);
          if (!result.ok) return;
          const res = await api.post<SavedValuationResponse>(
            '/api/addValuation',
            { ...inputs, ...toStoredOutputs(result) },
            { token: user.accessToken },
          );
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(res.body.data).toMatchObject(toStoredOutputs(result));
        },
      ),
      { numRuns: 25 },
    );
  }, 60_000);
});
