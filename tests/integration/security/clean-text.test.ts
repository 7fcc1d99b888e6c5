import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../support/api';
import { recordSecurityFigures } from '../../support/security-summary';
import { createSignedInUser, type TestUser } from '../../support/users';
import { partitionSnapshot } from './input-support';

/**
 * Stored text and numbers through the API (shared/schemas/text.ts): every field that is stored
 * and shown again refuses control characters (line breaks in a name), direction overrides and
 * isolates, and lone surrogates, with a 400 and nothing stored; numbers refuse hex, exponents
 * and spaces around. Names are stored trimmed and in NFC.
 */
const api = apiClient();
let user: TestUser;
const figures = { fieldsChecked: 0, badValuesRefused: 0, storedDirtyText: 0 };

const BAD_TEXT = ['a\u0000nul', 'two\r\nlines', '\u202eevil.exe', 'x\u2066y\u2069', 'half\ud800'];

/** The routes and fields that store a name, each with a valid request around the bad value. */
const NAME_FIELDS: { route: string; field: string; body: (value: string) => object }[] = [
  {
    route: '/api/addPortfolio',
    field: 'portfolio_name',
    body: (v) => ({ portfolio_name: v, investment_value: 1000 }),
  },
  { route: '/api/screener/add', field: 'name', body: (v) => ({ name: v, filters: {} }) },
  { route: '/api/updateProfile', field: 'name', body: (v) => ({ name: v }) },
];

beforeAll(async () => {
  user = await createSignedInUser({ name: 'Clean Text' });
  expect((await api.get('/api/user', { token: user.accessToken })).status).toBe(200);
});

describe('stored text is clean', () => {
  it.each(NAME_FIELDS)('$route refuses a dirty $field with 400 and stores nothing', async (f) => {
    figures.fieldsChecked += 1;
    for (const bad of BAD_TEXT) {
      const before = await partitionSnapshot(user.userId);
      const res = await api.post<{ message: string }>(f.route, f.body(bad), {
        token: user.accessToken,
      });
      expect(res.status, `${f.field} = ${JSON.stringify(bad)}`).toBe(400);
      expect(res.body.message).toMatch(/one line|direction|broken character|control/);
      expect(await partitionSnapshot(user.userId)).toEqual(before);
      figures.badValuesRefused += 1;
    }
  });

  it('stores a name trimmed and in NFC (a decomposed é becomes one character)', async () => {
    const res = await api.post<{ data: { portfolio_name: string } }>(
      '/api/addPortfolio',
      { portfolio_name: '  Cafe\u0301 Holdings ', investment_value: '1,000' },
      { token: user.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.portfolio_name).toBe('Caf\u00e9 Holdings');
    const stored = (await partitionSnapshot(user.userId)).join('\n');
    if (/\\u0000|\\u202e|\\ud800/i.test(stored)) figures.storedDirtyText += 1;
    expect(stored).toContain('Caf\u00e9 Holdings');
  });

  it('refuses a seed capital written in hex, with an exponent or with spaces around', async () => {
    for (const bad of ['0x10', '1e3', ' 100 ']) {
      const before = await partitionSnapshot(user.userId);
      const res = await api.post<{ message: string }>(
        '/api/addPortfolio',
        { portfolio_name: 'Numbers', investment_value: bad },
        { token: user.accessToken },
      );
      expect(res.status, bad).toBe(400);
      expect(await partitionSnapshot(user.userId)).toEqual(before);
      figures.badValuesRefused += 1;
    }
    recordSecurityFigures('clean-text', figures);
  });
});
