import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPk } from '../../../functions/lib/keys';
import { ROUTES, type OwnedKind, type RouteDef } from '../../../shared/routes';
import { apiClient } from '../../support/api';
import { recordSecurityFigures } from '../../support/security-summary';
import { testStack } from '../../support/stack';
import { createSignedInUser, type TestUser } from '../../support/users';
import { pitchOf, quotePrice } from '../valuation-support';

/**
 * The isolation matrix, generated from the route table: user B naming any item of user A
 * (each input field a route declares in `owns`) gets 404 and changes nothing of A's, and
 * no listing route (`lists`) shows B an item of A's. A new route is covered when it is
 * added; one that takes an id without declaring it fails here with what to add.
 */

const api = apiClient();
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const label = (r: RouteDef) => `${r.id} (${r.method} ${r.path})`;

/** Input fields that look like ids (or a symbol) and therefore name something. */
const ID_LIKE = /(id|symbol)$/i;

/**
 * Id-looking input fields of login-required routes that do NOT name an item of the
 * caller's, and why. Anything else id-looking must be declared in the route's `owns`.
 */
const NOT_OWNED: Record<string, string> = {
  'addValuation.valuation_type_id': 'one of the valuation methodologies, the same for all',
  'addValuation.stock_symbol': 'a market symbol: the stock being valued',
  'buyPitch.valuation_type_id': 'one of the valuation methodologies, checked against the pitch',
  'buyPitch.stock_symbol': 'a market symbol, checked against the pitch',
  'buyPitch.valuation_output_id': 'the version of the pitch named by valuation_id (stale: 409)',
  'placeOrder.stock_symbol': 'a market symbol: the stock bought or sold',
  'addWatchList.stock_symbol': 'a market symbol added to the caller’s own watchlist',
  'addAlert.stock_symbol': 'a market symbol: the stock of a price alert',
  'getSectorMedians.stock_symbol': "a market symbol: the stock whose sector's medians are read",
};

/** Kinds whose id is a market symbol: other users and market answers name the same symbol. */
const MARKET_SYMBOL_KINDS = new Set<OwnedKind>(['watchlistSymbol']);

/** One user's items, one of each kind, made through the API. */
type Items = Record<OwnedKind, string>;
type Factory = (user: TestUser, made: Partial<Items>) => Promise<string>;

const token = (user: TestUser) => ({ token: user.accessToken });

async function ok<T>(what: string, res: Promise<{ status: number; body: T }>): Promise<T> {
  const out = await res;
  if (out.status !== 200)
    throw new Error(`${what} answered ${out.status}: ${JSON.stringify(out.body)}`);
  return out.body;
}

/** One fixture factory per kind of owned item (in creation order: an order needs a portfolio). */
const FACTORIES: Partial<Record<OwnedKind, Factory>> = {
  valuation: async (user) => {
    const pitch = await pitchOf(user, 1, 'AAPL');
    // Tracked, so it shows in both My Pitches and My Tracked Pitches.
    await ok(
      'update-pitch',
      api.post('/api/update-pitch', { valuation_id: pitch.id }, token(user)),
    );
    return pitch.id;
  },
  portfolio: async (user) => {
    const body = await ok(
      'addPortfolio',
      api.post<{ data: { portfolio_id: string } }>(
        '/api/addPortfolio',
        { portfolio_name: `Isolation ${user.name}`, investment_value: 100_000 },
        token(user),
      ),
    );
    const id = body.data.portfolio_id;
    await ok(
      'market order',
      api.post(
        '/api/placeOrder',
        {
          portfolio_id: id,
          stock_symbol: 'AAPL',
          order_type: 'market',
          invest_by: 'quantity',
          quantity: 2,
        },
        token(user),
      ),
    );
    return id;
  },
  order: async (user, made) => {
    const limit = Math.round((await quotePrice('AAPL')) * 50) / 100;
    const body = await ok(
      'limit order',
      api.post<{ data: { order: { order_id: string } } }>(
        '/api/placeOrder',
        {
          portfolio_id: made.portfolio,
          stock_symbol: 'AAPL',
          order_type: 'limit',
          invest_by: 'quantity',
          quantity: 1,
          limit_price: limit,
        },
        token(user),
      ),
    );
    return body.data.order.order_id;
  },
  screener: async (user) => {
    const body = await ok(
      'screener/add',
      api.post<{ data: { id: string } }>(
        '/api/screener/add',
        { name: `Isolation ${user.name}`, filters: { marketcap: 'large' } },
        token(user),
      ),
    );
    return body.data.id;
  },
  alert: async (user) => {
    const body = await ok(
      'alerts/add',
      api.post<{ data: { alert_id: string } }>(
        '/api/alerts/add',
        { kind: 'price', stock_symbol: 'AAPL', direction: 'above', price: 1_000_000 },
        token(user),
      ),
    );
    return body.data.alert_id;
  },
  watchlistSymbol: async (user) => {
    const symbol = user.name === 'A' ? 'MSFT' : 'NVDA';
    await ok('addWatchList', api.post('/api/addWatchList', { stock_symbol: symbol }, token(user)));
    return symbol;
  },
};

/** Kinds listed only inside another item the caller owns (no listing route of their own). */
const LISTED_INSIDE: Partial<Record<OwnedKind, string>> = {
  order: 'the open orders of a portfolio, in getPortfolioHoldings (owns portfolio_id)',
};

/** Kinds whose factory needs an item of another kind first. */
const DEPENDS: Partial<Record<OwnedKind, OwnedKind[]>> = { order: ['portfolio'] };

/** Fresh items of the given kinds (and what they depend on), in the factories' order. */
async function makeItems(user: TestUser, kinds: readonly OwnedKind[]): Promise<Partial<Items>> {
  const wanted = new Set(kinds.flatMap((k) => [k, ...(DEPENDS[k] ?? [])]));
  const made: Partial<Items> = {};
  for (const [kind, factory] of Object.entries(FACTORIES) as [OwnedKind, Factory][])
    if (wanted.has(kind)) made[kind] = await factory(user, made);
  return made;
}

/**
 * The rest of a valid input of each route that takes an owned id (the ids are filled in),
 * so that the only thing wrong with B's request is whose item it names.
 */
const SAMPLE_INPUT: Record<string, Record<string, unknown>> = {
  updateValuation: {},
  addPitch: {},
  getValuationOutput: {},
  editValuation: {},
  deletePitch: {},
  ignoreValuation: {},
  buyPitch: { stock_symbol: 'AAPL', valuation_type_id: 1 },
  updatePitch: {},
  trackedPitches: { intrinsic_value_per_share: 321 },
  updateTrackedPitch: { intrinsic_value_per_share: 321 },
  getPortfolioDetails: {},
  updatePortfolioDetails: { portfolio_name: 'Taken over', investment_value: 5_000 },
  deletePortfolio: {},
  stockPerPortfolio: {},
  getPortfolioHoldings: {},
  getPortfolioPerformance: { period: 'MAX' },
  getPerformanceRows: { list: 'open_lots' },
  getPortfolioIncome: {},
  exportActivity: {},
  importTransactions: { mode: 'preview', csv: 'date,type,symbol\n2024-01-02,buy,AAPL' },
  placeOrder: { stock_symbol: 'AAPL', order_type: 'market', invest_by: 'quantity', quantity: 1 },
  cancelOrder: {},
  removeWatchList: {},
  screenerAdd: { name: 'Taken over', filters: {} },
  screenerDelete: {},
  addAlert: { kind: 'intrinsic', direction: 'below' },
  deleteAlert: {},
  sharePitch: {},
  stopSharingPitch: {},
  hideSharedVersion: { version: 1 },
};

/** Top-level input fields a request schema names (objects, unions, pipes, wrappers). */
function schemaFields(schema: unknown, out = new Set<string>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def) return out;
  switch (def.type) {
    case 'object':
      for (const key of Object.keys(def.shape as object)) out.add(key);
      break;
    case 'pipe':
      schemaFields(def.in, out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) schemaFields(option, out);
      break;
    case 'lazy':
      schemaFields((def.getter as () => unknown)(), out);
      break;
    default:
      if (def.innerType) schemaFields(def.innerType, out);
  }
  return out;
}

const authRoutes = ROUTES.filter((r) => r.auth);
const owningRoutes = ROUTES.filter((r) => (r.owns?.length ?? 0) > 0);
const listingRoutes = ROUTES.filter((r) => r.lists !== undefined);

/** B's requests naming A's items: each owned field with A's id, the others with B's, and all of A's. */
function foreignInputs(route: RouteDef, a: Items, b: Items) {
  const owns = route.owns ?? [];
  const fill = (pick: (field: string, kind: OwnedKind) => string) =>
    Object.fromEntries(owns.map((o) => [o.field, pick(o.field, o.kind)]));
  const cases = owns.map((target) => ({
    name: `A's ${target.kind} in ${target.field}`,
    ids: fill((field, kind) => (field === target.field ? a[kind] : b[kind])),
  }));
  if (owns.length > 1) cases.push({ name: "all of A's ids", ids: fill((_, kind) => a[kind]) });
  return cases.map((c) => ({ ...c, input: { ...SAMPLE_INPUT[route.id], ...c.ids } }));
}

async function send(route: RouteDef, user: TestUser, input: Record<string, unknown>) {
  return route.method === 'GET'
    ? api.get(route.path, { ...token(user), query: input as Record<string, string> })
    : api.post(route.path, input, token(user));
}

/** Every item of A's partition, as DynamoDB holds it. */
async function partition(userId: string) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(
      new QueryCommand({
        TableName: testStack().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': userPk(userId) },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

const figures = {
  routesCovered: 0,
  listingRoutesCovered: 0,
  pairsChecked: 0,
  ownIdControls: 0,
  fiveXxSeen: 0,
  leaks: 0,
  itemsOfAChanged: 0,
};

afterAll(() => {
  recordSecurityFigures('isolation', figures);
});

describe('the route table declares every owned id and every listing', () => {
  it('each id-looking input of a login-required route is declared in owns, or known not to be owned', () => {
    const missing: string[] = [];
    for (const route of authRoutes) {
      const declared = new Set((route.owns ?? []).map((o) => o.field));
      for (const field of schemaFields(route.request)) {
        if (!ID_LIKE.test(field) || declared.has(field) || NOT_OWNED[`${route.id}.${field}`])
          continue;
        missing.push(
          `${label(route)}: input "${field}" looks like an id. If it names an item of the caller's, ` +
            `add { field: '${field}', kind: <one of ${Object.keys(FACTORIES).join(', ')}> } to ` +
            `the route's owns in shared/routes (a new kind: add it to OwnedKind in ` +
            `shared/routes/types.ts and a factory to FACTORIES in this file); if not, ` +
            `add '${route.id}.${field}' with the reason to NOT_OWNED in this file.`,
        );
      }
    }
    expect(missing).toEqual([]);
  });

  it('each declared kind has a fixture factory, and each owning route a sample input', () => {
    const problems: string[] = [];
    for (const route of [...owningRoutes, ...listingRoutes]) {
      const kinds = [
        ...(route.owns ?? []).map((o) => o.kind),
        ...(route.lists ? [route.lists] : []),
      ];
      for (const kind of kinds)
        if (!FACTORIES[kind])
          problems.push(
            `${label(route)} declares kind "${kind}": add a factory for it to FACTORIES in this file (creates one through the API, returns its id).`,
          );
      if (route.owns?.length && !SAMPLE_INPUT[route.id])
        problems.push(
          `${label(route)} takes owned ids: add its other input fields to SAMPLE_INPUT in this file.`,
        );
      if (!route.auth) problems.push(`${label(route)} declares owned items but is public.`);
    }
    expect(problems).toEqual([]);
  });

  it('each kind of owned item is listed by at least one route', () => {
    const listed = new Set(listingRoutes.map((r) => r.lists));
    const unlisted = Object.keys(FACTORIES)
      .filter((k) => !listed.has(k as OwnedKind) && !LISTED_INSIDE[k as OwnedKind])
      .map(
        (k) =>
          `No route lists "${k}": declare lists: '${k}' on the route that lists them, or say ` +
          `in LISTED_INSIDE in this file which owning route shows them.`,
      );
    expect(unlisted).toEqual([]);
  });
});

describe("user B cannot read, change or see user A's items", () => {
  let a: TestUser;
  let b: TestUser;
  const itemsOf = { a: {} as Items, b: {} as Items };

  beforeAll(async () => {
    [a, b] = await Promise.all([
      createSignedInUser({ name: 'A' }),
      createSignedInUser({ name: 'B' }),
    ]);
    const [itemsA, itemsB] = await Promise.all([
      makeItems(a, Object.keys(FACTORIES) as OwnedKind[]),
      makeItems(b, Object.keys(FACTORIES) as OwnedKind[]),
    ]);
    Object.assign(itemsOf.a, itemsA);
    Object.assign(itemsOf.b, itemsB);
  }, 60_000);

  it('a route answering A its own items declares lists or owns', async () => {
    const undeclared: string[] = [];
    // Ids the server made up; a watched symbol is a market symbol that market answers name too.
    const ids = Object.entries(itemsOf.a)
      .filter(([kind]) => !MARKET_SYMBOL_KINDS.has(kind as OwnedKind))
      .map(([, id]) => id);
    const routes = authRoutes.filter((r) => !r.owns?.length && !r.lists);
    const answers = await Promise.all(routes.map((route) => send(route, a, {})));
    answers.forEach((res, i) => {
      const text = JSON.stringify(res.body);
      if (ids.some((id) => text.includes(`"${id}"`)))
        undeclared.push(`${label(routes[i]!)} answers A's items: declare lists: '<kind>' on it`);
    });
    expect(undeclared).toEqual([]);
  });

  it('every route taking an owned id answers 404 to B naming an item of A, and A keeps everything', async () => {
    const before = await partition(a.userId);
    const wrong: string[] = [];
    const pairs = owningRoutes.flatMap((route) =>
      foreignInputs(route, itemsOf.a, itemsOf.b).map((c) => ({ route, ...c })),
    );
    for (const { route, input } of pairs) {
      const parsed = route.request.safeParse(input);
      if (!parsed.success)
        throw new Error(`${label(route)}: the sample input is not valid: ${parsed.error.message}`);
    }
    figures.routesCovered = owningRoutes.length;
    figures.pairsChecked = pairs.length;
    const answers = await Promise.all(pairs.map(({ route, input }) => send(route, b, input)));
    answers.forEach((res, i) => {
      const { route, name } = pairs[i]!;
      if (res.status >= 500) figures.fiveXxSeen += 1;
      if (res.status !== 404)
        wrong.push(`${label(route)} with ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    });
    const after = await partition(a.userId);
    const key = (i: Record<string, unknown>) => `${String(i.sk)}`;
    const was = new Map(before.map((i) => [key(i), JSON.stringify(i)]));
    const now = new Map(after.map((i) => [key(i), JSON.stringify(i)]));
    const changed = [...new Set([...was.keys(), ...now.keys()])].filter(
      (k) => was.get(k) !== now.get(k),
    );
    figures.itemsOfAChanged = changed.length;
    expect(wrong).toEqual([]);
    expect(changed).toEqual([]);
    expect(before.length).toBeGreaterThan(0);
  });

  it("every listing route shows B its own items and none of A's", async () => {
    const leaks: string[] = [];
    for (const route of listingRoutes) {
      figures.listingRoutesCovered += 1;
      const aIds = Object.entries(itemsOf.a).filter(
        ([kind]) => !MARKET_SYMBOL_KINDS.has(kind as OwnedKind) || kind === route.lists,
      );

      const res = await send(route, b, {});
      expect(res.status, label(route)).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, `${label(route)} lists B's own ${route.lists}`).toContain(
        `"${itemsOf.b[route.lists!]}"`,
      );
      for (const [kind, id] of aIds) {
        if (text.includes(`"${id}"`)) {
          figures.leaks += 1;
          leaks.push(`${label(route)} shows B A's ${kind} ${id}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  // Last: it uses up fresh items of B's (deletes, cancels, removes).
  it("the same requests naming B's own items are not refused as not found (the 404s above are about the owner)", async () => {
    const wrong: string[] = [];
    await Promise.all(
      owningRoutes.map(async (route) => {
        const own = await makeItems(
          b,
          route.owns!.map((o) => o.kind),
        );
        const ids = Object.fromEntries(route.owns!.map((o) => [o.field, own[o.kind]]));
        const res = await send(route, b, { ...SAMPLE_INPUT[route.id], ...ids });
        figures.ownIdControls += 1;
        if (res.status >= 500) figures.fiveXxSeen += 1;
        // A state refusal (e.g. 409 already tracked) still proves the item was found.
        if (res.status === 404 || res.status === 401 || res.status >= 500)
          wrong.push(`${label(route)}: ${res.status} ${JSON.stringify(res.body)}`);
      }),
    );
    expect(wrong).toEqual([]);
  }, 60_000);
});
