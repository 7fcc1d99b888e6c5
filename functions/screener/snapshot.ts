import { gunzipSync, gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { MarketSource } from '../../shared/market';
import type { ScreenerRow } from '../../shared/screener/columns';
import {
  computeRow,
  type Fundamentals,
  type Listing,
  type ReferenceCloses,
} from '../../shared/screener/compute';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { keys } from '../lib/keys';

/**
 * The screener snapshot: every symbol of the universe with its listing (stock list + quote,
 * refreshed every run of the job) and its fundamentals (refreshed once a day), stored as
 * gzip-compressed JSON in a few items of one partition (`SNAPSHOT#SCREENER`), so ONE query
 * loads it. Part 0 is a small header (version, counts); parts 1..n hold the bytes, each
 * well under DynamoDB's 400 KB item limit. Every part carries the version it belongs to,
 * so a reader never mixes two snapshots.
 */

export interface SnapshotEntry {
  listing: Listing;
  fundamentals: Fundamentals;
  /** Epoch ms the fundamentals were fetched; 0 = never. */
  fundamentalsAt: number;
}

export interface SnapshotData {
  version: string;
  /** Epoch ms of the build. */
  builtAt: number;
  source: MarketSource;
  entries: SnapshotEntry[];
}

const FORMAT = 1;
/** Bytes per stored part: far enough under 400 KB for the item's other attributes. */
export const PART_BYTES = 350_000;

const LISTING_FIELDS = [
  'symbol',
  'company',
  'sector',
  'industry',
  'exchange',
  'price',
  'change',
  'volume',
  'marketCap',
] as const satisfies readonly (keyof Listing)[];
const FUND_FIELDS = [
  'epsTtm',
  'revenuePerShareTtm',
  'bookValuePerShareTtm',
  'fcfPerShareTtm',
  'cashPerShareTtm',
  'ebitdaPerShare',
  'netDebtPerShare',
  'dividendPerShareTtm',
  'epsGrowthPastYear',
  'epsGrowthPast5Years',
  'salesGrowthPast5Years',
  'roa',
  'roe',
  'roi',
  'currentRatio',
  'quickRatio',
  'ltDebtEq',
  'debtEq',
  'grossMargin',
  'operatingMargin',
  'netMargin',
  'lastEarningsDate',
  'nextEarningsDate',
  'avgVolume',
  'medianValue',
  'medianPe',
  'medianValueGap',
] as const satisfies readonly Exclude<keyof Fundamentals, 'refs'>[];
const REF_FIELDS = [
  'asOf',
  'week',
  'month',
  'quarter',
  'half',
  'year',
  'ytd',
] as const satisfies readonly (keyof ReferenceCloses)[];

/** Kept as computed: the map's discount is the value line's to the cent (decision 195). */
const EXACT_FIELDS: ReadonlySet<string> = new Set(['medianValue', 'medianPe']);

/** Rounds floats to 6 significant digits: smaller JSON, no visible change at 2 decimals. */
function compact(v: unknown): unknown {
  if (typeof v !== 'number' || Number.isInteger(v)) return v ?? null;
  return Number(v.toPrecision(6));
}

export function encodeSnapshot(data: SnapshotData): Buffer {
  const rows = data.entries.map((e) => [
    ...LISTING_FIELDS.map((f) => compact(e.listing[f])),
    ...FUND_FIELDS.map((f) =>
      EXACT_FIELDS.has(f) ? (e.fundamentals[f] ?? null) : compact(e.fundamentals[f]),
    ),
    e.fundamentals.refs ? REF_FIELDS.map((f) => compact(e.fundamentals.refs![f])) : null,
    e.fundamentalsAt,
  ]);
  const body = {
    format: FORMAT,
    listing: LISTING_FIELDS,
    fundamentals: FUND_FIELDS,
    refs: REF_FIELDS,
    rows,
  };
  return gzipSync(JSON.stringify(body), { level: 6 });
}

export function decodeSnapshot(bytes: Buffer, meta: Omit<SnapshotData, 'entries'>): SnapshotData {
  const body = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
    listing: string[];
    fundamentals: string[];
    refs: string[];
    rows: unknown[][];
  };
  const nl = body.listing.length;
  const nf = body.fundamentals.length;
  const entries = body.rows.map((row) => {
    const listing: Record<string, unknown> = {};
    body.listing.forEach((f, i) => (listing[f] = row[i] ?? null));
    const fundamentals: Record<string, unknown> = {};
    body.fundamentals.forEach((f, i) => (fundamentals[f] = row[nl + i] ?? null));
    const refs = row[nl + nf] as unknown[] | null;
    if (refs) {
      const r: Record<string, unknown> = {};
      body.refs.forEach((f, i) => (r[f] = refs[i] ?? null));
      fundamentals.refs = r;
    } else fundamentals.refs = null;
    return {
      listing: listing as unknown as Listing,
      fundamentals: fundamentals as unknown as Fundamentals,
      fundamentalsAt: Number(row[nl + nf + 1] ?? 0),
    };
  });
  return { ...meta, entries };
}

// --- table ---------------------------------------------------------------------------------

export interface SnapshotStore {
  client?: DynamoDBDocumentClient;
  tableName?: string;
}

function store(options: SnapshotStore) {
  return { client: options.client ?? db, table: options.tableName ?? required('TABLE_NAME') };
}

interface Header {
  version: string;
  builtAt: number;
  source: MarketSource;
  parts: number;
  rows: number;
  bytes: number;
}

/** Writes a snapshot: all parts and the header in one transaction when it fits (it does up to several MB). */
export async function saveSnapshot(
  data: SnapshotData,
  options: SnapshotStore = {},
): Promise<Header> {
  const header = await writeSnapshot(data, options, false);
  if (!header) throw new Error('the screener snapshot was not written');
  return header;
}

/**
 * As saveSnapshot, but writes nothing when a snapshot is already stored: a stand-in built
 * without fundamentals must never replace the job's. Undefined when nothing was written.
 */
export function saveSnapshotIfAbsent(
  data: SnapshotData,
  options: SnapshotStore = {},
): Promise<Header | undefined> {
  return writeSnapshot(data, options, true);
}

async function writeSnapshot(
  data: SnapshotData,
  options: SnapshotStore,
  onlyIfAbsent: boolean,
): Promise<Header | undefined> {
  const { client, table } = store(options);
  const bytes = encodeSnapshot(data);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += PART_BYTES) chunks.push(bytes.subarray(i, i + PART_BYTES));
  const header: Header = {
    version: data.version,
    builtAt: data.builtAt,
    source: data.source,
    parts: chunks.length,
    rows: data.entries.length,
    bytes: bytes.length,
  };
  const old = await client.send(
    new GetCommand({
      TableName: table,
      Key: keys.screenerSnapshotPart(0),
      ProjectionExpression: 'parts',
    }),
  );
  const oldParts = Number(old.Item?.parts ?? 0);
  const partItems = chunks.map((chunk, i) => ({
    ...keys.screenerSnapshotPart(i + 1),
    type: 'ScreenerSnapshot',
    version: data.version,
    data: chunk,
  }));
  const headerItem = { ...keys.screenerSnapshotPart(0), type: 'ScreenerSnapshot', ...header };
  const stale = Array.from({ length: Math.max(0, oldParts - chunks.length) }, (_, i) =>
    keys.screenerSnapshotPart(chunks.length + 1 + i),
  );
  if (onlyIfAbsent && oldParts > 0) return undefined;
  if (bytes.length < 3_500_000 && partItems.length + stale.length + 1 <= 100) {
    try {
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            ...partItems.map((Item) => ({ Put: { TableName: table, Item } })),
            {
              Put: {
                TableName: table,
                Item: headerItem,
                ...(onlyIfAbsent ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
              },
            },
            ...stale.map((Key) => ({ Delete: { TableName: table, Key } })),
          ],
        }),
      );
    } catch (error) {
      if (onlyIfAbsent && error instanceof TransactionCanceledException) return undefined;
      throw error;
    }
  } else {
    if (onlyIfAbsent && (await storedVersion(options)) !== undefined) return undefined;
    // Too big for one transaction: parts first, header last; readers check versions.
    for (const Item of partItems) await client.send(new PutCommand({ TableName: table, Item }));
    await client.send(new PutCommand({ TableName: table, Item: headerItem }));
    for (const Key of stale) await client.send(new DeleteCommand({ TableName: table, Key }));
  }
  return header;
}

/** The stored snapshot's version (a one-item read), or undefined when there is none. */
export async function storedVersion(options: SnapshotStore = {}): Promise<string | undefined> {
  const { client, table } = store(options);
  const res = await client.send(
    new GetCommand({
      TableName: table,
      Key: keys.screenerSnapshotPart(0),
      ProjectionExpression: 'version',
    }),
  );
  return res.Item ? String(res.Item.version) : undefined;
}

/** Loads the snapshot with one query (paged by DynamoDB past 1 MB); undefined when there is none. */
export async function loadSnapshot(options: SnapshotStore = {}): Promise<SnapshotData | undefined> {
  const { client, table } = store(options);
  for (let attempt = 0; attempt < 4; attempt++) {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await client.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.screenerSnapshotPk },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(res.Items ?? []));
      start = res.LastEvaluatedKey;
    } while (start);
    const headerItem = items.find((i) => i.sk === keys.screenerSnapshotPart(0).sk);
    if (!headerItem) return undefined;
    const header = headerItem as unknown as Header;
    const parts = items
      .filter((i) => i.sk !== headerItem.sk && i.version === header.version)
      .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
      .slice(0, header.parts);
    if (parts.length === header.parts) {
      const bytes = Buffer.concat(parts.map((p) => Buffer.from(p.data as Uint8Array)));
      return decodeSnapshot(bytes, {
        version: header.version,
        builtAt: Number(header.builtAt),
        source: header.source,
      });
    }
    // A write was in progress: read again shortly.
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('The screener snapshot is being rewritten; try again shortly');
}

export function newVersion(now: number): string {
  return `${now.toString(36)}-${randomUUID().slice(0, 8)}`;
}

// --- the instance's copy -------------------------------------------------------------------

export interface LoadedSnapshot {
  version: string;
  builtAt: number;
  source: MarketSource;
  rows: ScreenerRow[];
  industries: string[];
  /** What the rows were computed from (the market map recomputes them at newer quotes). */
  entries: readonly SnapshotEntry[];
}

export function toLoaded(data: SnapshotData): LoadedSnapshot {
  const rows = data.entries.map((e) => computeRow(e.listing, e.fundamentals));
  const industries = [
    ...new Set(rows.map((r) => r.industry).filter((x): x is string => Boolean(x))),
  ].sort();
  return {
    version: data.version,
    builtAt: data.builtAt,
    source: data.source,
    rows,
    industries,
    entries: data.entries,
  };
}
