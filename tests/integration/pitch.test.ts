import { beforeAll, describe, expect, it } from 'vitest';
import {
  myValuationResponse,
  PITCH_STATUS,
  savedValuationResponse,
  valuationResponse,
  type ValuationRecord,
} from '../../shared/schemas/valuation-api';
import { createSignedInUser, type TestUser } from '../support/users';
import {
  api,
  inputsFor,
  payloadOf,
  pitchOf,
  quotePrice,
  storedItem,
  trackCount,
} from './valuation-support';

type ErrorBody = { message: string; errors?: Record<string, string> };

describe('My Pitches: list, ignore, delete, buy, pitch a saved valuation', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await createSignedInUser({ name: 'Pitching Investor' });
  });

  async function myPitches(): Promise<ValuationRecord[]> {
    const res = await api.post('/api/myValuation', {}, { token: user.accessToken });
    expect(res.status).toBe(200);
    return myValuationResponse.parse(res.body).data;
  }

  it("lists the user's pitches newest first with stock names and cached quotes", async () => {
    const first = await pitchOf(user, 1, 'AAPL');
    const second = await pitchOf(user, 2, 'MSFT');
    const res = await api.post('/api/myValuation', {}, { token: user.accessToken });
    const body = myValuationResponse.parse(res.body);
    const ids = body.data.map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(body.data.find((r) => r.id === second.id)?.stock_name).toMatch(/Microsoft/);
    const symbols = body.quotes.map((q) => q.symbol).sort();
    expect(symbols).toEqual(expect.arrayContaining(['AAPL', 'MSFT']));
    for (const quote of body.quotes) expect(quote.price).toBeGreaterThan(0);
  });

  it('refuses a body on myValuation', async () => {
    const res = await api.post<ErrorBody>(
      '/api/myValuation',
      { user_id: 'someone-else' },
      { token: user.accessToken },
    );
    expect(res.status).toBe(400);
  });

  it('ignores a valuation: it leaves My Pitches but stays readable by id', async () => {
    const pitch = await pitchOf(user, 3);
    const res = await api.post(
      '/api/ignoreValuation',
      { valuation_id: pitch.id },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const body = valuationResponse.parse(res.body);
    expect(body.message).toBe('Valuation Ignored Successfully');
    expect(body.data.ignored).toBe(true);
    expect((await myPitches()).map((r) => r.id)).not.toContain(pitch.id);
    const edit = await api.post(
      '/api/editValuation',
      { valuation_id: pitch.id },
      { token: user.accessToken },
    );
    expect(edit.status).toBe(200);
  });

  it('pitches a valuation saved earlier (addPitch with its id), also bringing an ignored one back', async () => {
    const saved = await pitchOf(user, 1, 'AAPL', { pitch_status: 0 });
    const res = await api.post(
      '/api/addPitch',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const body = savedValuationResponse.parse(res.body);
    expect(body.message).toBe('Stock Pitch Successful!');
    expect(body.data.pitch_status).toBe(PITCH_STATUS.pitched);
    expect(body.data.tracked_market_price).toBe(saved.market_price);

    await api.post('/api/ignoreValuation', { valuation_id: saved.id }, { token: user.accessToken });
    const again = await api.post(
      '/api/addPitch',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(savedValuationResponse.parse(again.body).data.ignored).toBe(false);
    expect((await myPitches()).map((r) => r.id)).toContain(saved.id);
  });

  it('saves a new pitch through addPitch with a payload', async () => {
    const price = await quotePrice('AAPL');
    const res = await api.post('/api/addPitch', payloadOf(inputsFor(4, 'AAPL', price)), {
      token: user.accessToken,
    });
    expect(res.status).toBe(200);
    const data = savedValuationResponse.parse(res.body).data;
    expect(data).toMatchObject({ valuation_type_id: 4, pitch_status: PITCH_STATUS.pitched });
    const bad = await api.post<ErrorBody>(
      '/api/addPitch',
      { ...payloadOf(inputsFor(4, 'AAPL', price)), shares_outstanding: 0 },
      { token: user.accessToken },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.shares_outstanding).toBeTruthy();
  });

  it('deletes a pitch: gone from the list and from the table; a second delete is not found', async () => {
    const pitch = await pitchOf(user, 1);
    const res = await api.post<ErrorBody>(
      '/api/deletePitch',
      { valuation_id: pitch.id },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pitch Deleted Successfully!');
    expect(await storedItem(user.userId, pitch.id)).toBeUndefined();
    expect((await myPitches()).map((r) => r.id)).not.toContain(pitch.id);
    const again = await api.post<ErrorBody>(
      '/api/deletePitch',
      { valuation_id: pitch.id },
      { token: user.accessToken },
    );
    expect(again.status).toBe(404);
    expect(await trackCount(user.userId)).toBeUndefined();
  });

  async function newPortfolio(name: string): Promise<string> {
    const res = await api.post<{ data: { portfolio_id: string } }>(
      '/api/addPortfolio',
      { portfolio_name: name, investment_value: 1_000_000 },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    return res.body.data.portfolio_id;
  }

  async function holdings(portfolioId: string) {
    const res = await api.post<{
      data: { holdings: { symbol: string; quantity: number | string }[] };
    }>('/api/getPortfolioHoldings', { portfolio_id: portfolioId }, { token: user.accessToken });
    expect(res.status).toBe(200);
    return res.body.data.holdings;
  }

  it('buys a pitched stock into the chosen portfolio and notes each portfolio on the pitch', async () => {
    const pitch = await pitchOf(user, 1);
    const growth = await newPortfolio('Growth');
    const income = await newPortfolio('Income');
    const buy = {
      stock_symbol: 'AAPL',
      portfolio_id: growth,
      valuation_type_id: 1,
      valuation_id: pitch.id,
      valuation_output_id: pitch.valuation_output_id,
    };
    const res = await api.post('/api/buyPitch', buy, { token: user.accessToken });
    expect(res.status).toBe(200);
    const body = valuationResponse.parse(res.body);
    expect(body.message).toBe('Pitch Added successfully!');
    expect(body.data.bought_into).toEqual([growth]);
    const held = await holdings(growth);
    expect(held.map((h) => h.symbol)).toEqual(['AAPL']);
    expect(Number(held[0]!.quantity)).toBeGreaterThan(0);
    const second = await api.post(
      '/api/buyPitch',
      { ...buy, portfolio_id: income },
      { token: user.accessToken },
    );
    expect(valuationResponse.parse(second.body).data.bought_into?.slice().sort()).toEqual(
      [growth, income].sort(),
    );
    expect((await holdings(income)).map((h) => h.symbol)).toEqual(['AAPL']);
  });

  it('buys the quantity asked for, and refuses a size without its figure, buying nothing', async () => {
    const pitch = await pitchOf(user, 1);
    const value = await newPortfolio('Value');
    const buy = {
      stock_symbol: 'AAPL',
      portfolio_id: value,
      valuation_type_id: 1,
      valuation_id: pitch.id,
    };
    const missing = await api.post<ErrorBody>(
      '/api/buyPitch',
      { ...buy, invest_by: 'amount' },
      { token: user.accessToken },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Amount is required');
    const hex = await api.post<ErrorBody>(
      '/api/buyPitch',
      { ...buy, invest_by: 'quantity', quantity: '0x10' },
      { token: user.accessToken },
    );
    expect(hex.status).toBe(400);
    expect(await holdings(value)).toEqual([]);
    const res = await api.post(
      '/api/buyPitch',
      { ...buy, invest_by: 'quantity', quantity: '7' },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const held = await holdings(value);
    expect(held.map((h) => [h.symbol, Number(h.quantity)])).toEqual([['AAPL', 7]]);
  });

  it('refuses a buy into a portfolio the user does not have, buying nothing', async () => {
    const pitch = await pitchOf(user, 1);
    const res = await api.post<ErrorBody>(
      '/api/buyPitch',
      {
        stock_symbol: 'AAPL',
        portfolio_id: 'no-such-portfolio',
        valuation_type_id: 1,
        valuation_id: pitch.id,
      },
      { token: user.accessToken },
    );
    expect(res.status).toBe(404);
    expect((await storedItem(user.userId, pitch.id))?.bought_into).toBeUndefined();
  });

  it('refuses a buy whose stock, methodology or output set does not match the pitch, changing nothing', async () => {
    const pitch = await pitchOf(user, 1);
    const buy = {
      stock_symbol: 'AAPL',
      portfolio_id: 'p1',
      valuation_type_id: 1,
      valuation_id: pitch.id,
    };
    const symbol = await api.post<ErrorBody>(
      '/api/buyPitch',
      { ...buy, stock_symbol: 'MSFT' },
      { token: user.accessToken },
    );
    expect(symbol.status).toBe(400);
    const type = await api.post<ErrorBody>(
      '/api/buyPitch',
      { ...buy, valuation_type_id: 2 },
      { token: user.accessToken },
    );
    expect(type.status).toBe(400);
    const stale = await api.post<ErrorBody>(
      '/api/buyPitch',
      { ...buy, valuation_output_id: 'an-older-output' },
      { token: user.accessToken },
    );
    expect(stale.status).toBe(409);
    const missing = await api.post<ErrorBody>(
      '/api/buyPitch',
      { ...buy, portfolio_id: '' },
      { token: user.accessToken },
    );
    expect(missing.status).toBe(400);
    expect((await storedItem(user.userId, pitch.id))?.bought_into).toBeUndefined();
  });
});

describe("every valuation route refuses another user's valuation id", () => {
  let owner: TestUser;
  let intruder: TestUser;
  let pitch: ValuationRecord;
  let tracked: ValuationRecord;

  beforeAll(async () => {
    [owner, intruder] = await Promise.all([
      createSignedInUser({ name: 'Owner' }),
      createSignedInUser({ name: 'Intruder' }),
    ]);
    pitch = await pitchOf(owner, 1);
    tracked = await pitchOf(owner, 2);
    const res = await api.post(
      '/api/update-pitch',
      { valuation_id: tracked.id },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(200);
  });

  it('answers 404 "Request not found" on each route and changes nothing', async () => {
    const price = await quotePrice('AAPL');
    const before = await storedItem(owner.userId, pitch.id);
    const trackedBefore = await storedItem(owner.userId, tracked.id);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/editValuation', { valuation_id: pitch.id }],
      ['/api/getValuationOutput', { valuation_id: pitch.id }],
      [
        '/api/updateValuation',
        {
          valuation_id: pitch.id,
          ...payloadOf(inputsFor(1, 'AAPL', price), { comment: 'taken over' }),
        },
      ],
      ['/api/updateValuation', { valuation_id: pitch.id }],
      ['/api/addPitch', { valuation_id: pitch.id }],
      ['/api/deletePitch', { valuation_id: pitch.id }],
      ['/api/ignoreValuation', { valuation_id: pitch.id }],
      [
        '/api/buyPitch',
        { stock_symbol: 'AAPL', portfolio_id: 'p1', valuation_type_id: 1, valuation_id: pitch.id },
      ],
      ['/api/update-pitch', { valuation_id: pitch.id }],
      ['/api/trackedPitches', { valuation_id: tracked.id, intrinsic_value_per_share: 1 }],
      ['/api/updateTrackedPitch', { valuation_id: tracked.id, intrinsic_value_per_share: 1 }],
      ['/api/deletePitch', { valuation_id: tracked.id }],
      ['/api/ignoreValuation', { valuation_id: tracked.id }],
    ];
    for (const [path, body] of calls) {
      const res = await api.post<ErrorBody>(path, body, { token: intruder.accessToken });
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe('Request not found');
    }
    expect(await storedItem(owner.userId, pitch.id)).toEqual(before);
    expect(await storedItem(owner.userId, tracked.id)).toEqual(trackedBefore);
    expect(await trackCount(owner.userId)).toBe(1);
    expect(await trackCount(intruder.userId)).toBeUndefined();

    const lists = await Promise.all([
      api.post('/api/myValuation', {}, { token: intruder.accessToken }),
      api.post('/api/trackedPitches', {}, { token: intruder.accessToken }),
    ]);
    for (const list of lists) expect((list.body as { data: unknown[] }).data).toEqual([]);
  });
});
