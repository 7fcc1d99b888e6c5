import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as deleteImportPreset } from '../../functions/api/deleteImportPreset';
import { handler as listImportPresets } from '../../functions/api/listImportPresets';
import { handler as saveImportPreset } from '../../functions/api/saveImportPreset';
import { keys } from '../../functions/lib/keys';
import { buildApiEvent, buildLambdaContext, matchRoute } from '../../infra/local/api-event';
import { IMPORT_PRESETS_MAX } from '../../shared/portfolio/import-mapping';
import { ROUTES } from '../../shared/routes';
import { itemsUnder, newUser } from './portfolio-support';

/** Import presets (decision 183): a user's saved CSV mappings, by name, never another user's. */

const HANDLERS = {
  list: ['GET', '/api/importPresets/list', listImportPresets],
  save: ['POST', '/api/importPresets/save', saveImportPreset],
  delete: ['POST', '/api/importPresets/delete', deleteImportPreset],
} as const;

async function call(userId: string, name: keyof typeof HANDLERS, body?: unknown) {
  const [method, path, handler] = HANDLERS[name];
  const match = matchRoute(ROUTES, method, path)!;
  const requestId = randomUUID();
  const event = buildApiEvent(
    {
      method,
      url: path,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      sourceIp: '127.0.0.1',
    },
    match,
    { domainName: 'localhost', requestId, claims: { sub: userId, token_use: 'access' } },
  );
  const out = (await (handler as (e: never, c: never) => Promise<unknown>)(
    event as never,
    buildLambdaContext(match.route.id, requestId, 20_000) as never,
  )) as { statusCode: number; body: string };
  return { statusCode: out.statusCode, body: JSON.parse(out.body) as any };
}

const preset = (name: string) => ({
  name,
  columns: ['Run Date', 'Action', 'Symbol', 'Quantity', 'Price', 'Amount ($)'],
  mapping: { date: 0, type: 1, symbol: 2, quantity: 3, price: 4, amount: 5 },
  date_format: 'MM/DD/YYYY',
  type_words: { Journal: 'deposit' },
});

describe('import presets', () => {
  it('saves a mapping under a name, replaces it by the same name, lists and deletes it', async () => {
    const user = newUser();
    expect((await call(user, 'save', preset('My broker'))).statusCode).toBe(200);
    expect((await call(user, 'save', preset('Another'))).statusCode).toBe(200);
    // The same name in another case replaces it.
    const changed = { ...preset('MY BROKER'), date_format: 'DD/MM/YYYY' };
    expect((await call(user, 'save', changed)).statusCode).toBe(200);
    const listed = (await call(user, 'list')).body.data;
    expect(listed.map((p: { name: string }) => p.name)).toEqual(['Another', 'MY BROKER']);
    expect(listed[1]).toMatchObject({ ...changed, updated_at: expect.any(String) });
    const items = await itemsUnder(user, keys.importPresetPrefix);
    expect(items.map((i) => i.sk).sort()).toEqual([
      keys.importPreset(user, 'another').sk,
      keys.importPreset(user, 'my broker').sk,
    ]);

    expect((await call(user, 'delete', { name: 'my broker' })).statusCode).toBe(200);
    expect((await call(user, 'list')).body.data.map((p: { name: string }) => p.name)).toEqual([
      'Another',
    ]);
  });

  it('never shows or deletes another user’s presets', async () => {
    const owner = newUser();
    const other = newUser();
    await call(owner, 'save', preset('Mine'));
    expect((await call(other, 'list')).body.data).toEqual([]);
    expect((await call(other, 'delete', { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(owner, 'list')).body.data).toHaveLength(1);
  });

  it('refuses a preset that is not one with a 400, and more than the cap, writing nothing', async () => {
    const user = newUser();
    const bad = [
      { ...preset('Bad'), type_words: { Journal: 'gift' } },
      { ...preset('Bad'), date_format: 'YY/MM/DD' },
      { ...preset('Bad'), mapping: { date: -1 } },
      { ...preset(' ') },
      { ...preset('Bad'), extra: 1 },
    ];
    for (const body of bad) expect((await call(user, 'save', body)).statusCode).toBe(400);
    expect(await itemsUnder(user, keys.importPresetPrefix)).toEqual([]);

    for (let i = 0; i < IMPORT_PRESETS_MAX; i++)
      expect((await call(user, 'save', preset(`Preset ${i}`))).statusCode).toBe(200);
    const over = await call(user, 'save', preset('One more'));
    expect(over.statusCode).toBe(400);
    expect(over.body.message).toBe(
      `You can keep at most ${IMPORT_PRESETS_MAX} import presets: delete one first`,
    );
    // Replacing one by its name is still allowed.
    expect((await call(user, 'save', preset('Preset 0'))).statusCode).toBe(200);
    expect(await itemsUnder(user, keys.importPresetPrefix)).toHaveLength(IMPORT_PRESETS_MAX);
  });
});
