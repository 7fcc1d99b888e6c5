import { beforeAll, describe, expect, it } from 'vitest';
import {
  myValuationResponse,
  savedValuationResponse,
  valuationResponse,
  type SavedValuationResponse,
} from '../../shared/schemas/valuation-api';
import type { Scenarios } from '../../shared/valuation';
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

const scenarios: Scenarios = {
  bear: { growth: 2, forward_multiple: 12, probability: 25 },
  base: { probability: 50 },
  bull: { growth: 15, forward_multiple: 24, probability: 25 },
};

describe('bear / base / bull scenarios on a pitch', () => {
  let user: TestUser;
  let price = 0;

  beforeAll(async () => {
    user = await createSignedInUser({ name: 'Scenario Investor' });
    price = await quotePrice('AAPL');
  });

  it('saves a pitch with scenarios and reads them back from editValuation and myValuation', async () => {
    const saved = await pitchOf(user, 1, 'AAPL', { scenarios });
    expect(saved.scenarios).toEqual(scenarios);
    const item = await storedItem(user.userId, saved.id);
    expect(item?.scenarios).toEqual(scenarios);

    const edit = await api.post(
      '/api/editValuation',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(edit.status).toBe(200);
    expect(valuationResponse.parse(edit.body).data.scenarios).toEqual(scenarios);

    const mine = await api.post('/api/myValuation', {}, { token: user.accessToken });
    expect(mine.status).toBe(200);
    const row = myValuationResponse.parse(mine.body).data.find((r) => r.id === saved.id);
    expect(row?.scenarios).toEqual(scenarios);
  });

  it('keeps a pitch without scenarios working (none stored, none answered)', async () => {
    const saved = await pitchOf(user, 2);
    expect(saved.scenarios ?? null).toBeNull();
    expect((await storedItem(user.userId, saved.id))?.scenarios).toBeUndefined();
  });

  it('saves scenarios through addPitch and keeps them on a Re-Pitch at the current price', async () => {
    const res = await api.post<SavedValuationResponse>(
      '/api/addPitch',
      payloadOf(inputsFor(4, 'AAPL', price), { scenarios }),
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    const saved = savedValuationResponse.parse(res.body).data;
    expect(saved.scenarios).toEqual(scenarios);
    const again = await api.post<SavedValuationResponse>(
      '/api/updateValuation',
      { valuation_id: saved.id },
      { token: user.accessToken },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.scenarios).toEqual(scenarios);
  });

  it('replaces the scenarios on a Re-Pitch with new ones', async () => {
    const saved = await pitchOf(user, 1, 'AAPL', { scenarios });
    const changed: Scenarios = {
      ...scenarios,
      bear: { ...scenarios.bear, probability: 10 },
      base: { probability: 60 },
      bull: { ...scenarios.bull, probability: 30 },
    };
    const res = await api.post<SavedValuationResponse>(
      '/api/updateValuation',
      { valuation_id: saved.id, ...payloadOf(inputsFor(1, 'AAPL', price), { scenarios: changed }) },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.scenarios).toEqual(changed);
  });

  it('refuses probabilities that do not add up to 100 with 400 and a clear message, saving nothing', async () => {
    const fresh = await createSignedInUser({ name: 'Careless Forecaster' });
    const bad = { ...scenarios, bull: { ...scenarios.bull, probability: 35 } };
    for (const path of ['/api/addValuation', '/api/addPitch']) {
      const res = await api.post<ErrorBody>(
        path,
        payloadOf(inputsFor(1, 'AAPL', price), { scenarios: bad }),
        { token: fresh.accessToken },
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(
        'The bear, base and bull probabilities must add up to 100% (they add up to 110%)',
      );
    }
    expect(await valuationItems(fresh.userId)).toHaveLength(0);
  });

  it('refuses a bull case without a valuation and a malformed scenario with 400', async () => {
    const fresh = await createSignedInUser({ name: 'Gloomy Forecaster' });
    const doomed = await api.post<ErrorBody>(
      '/api/addValuation',
      payloadOf(inputsFor(1, 'AAPL', price), {
        scenarios: { ...scenarios, bull: { growth: -100, forward_multiple: 10, probability: 25 } },
      }),
      { token: fresh.accessToken },
    );
    expect(doomed.status).toBe(400);
    expect(doomed.body.message).toBe('Bull case: Try another model');

    for (const broken of [
      'high',
      { bear: scenarios.bear },
      { ...scenarios, base: { probability: '50' } },
    ]) {
      const res = await api.post<ErrorBody>(
        '/api/addValuation',
        payloadOf(inputsFor(1, 'AAPL', price), { scenarios: broken }),
        { token: fresh.accessToken },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await valuationItems(fresh.userId)).toHaveLength(0);
  });
});
