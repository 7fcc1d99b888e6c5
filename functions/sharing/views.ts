import {
  scorePitch,
  YEAR_MS,
  type ScorecardPitch,
  type ScorecardRow,
} from '../../shared/tracking/scorecard';
import { counts, recordSummary, shareRecord } from '../../shared/sharing/record';
import {
  isHiddenVersion,
  publicScorecardSchema,
  type PublicPitchResponse,
  type PublicRecordResponse,
  type PublicScorecard,
  type SharedVersion,
} from '../../shared/sharing/schemas';
import { logger } from '../lib/logger';
import { nowMs } from '../lib/clock';
import { marketService, type MarketService } from '../market/service';
import { BENCHMARK_SYMBOL, benchmarkCloseOn, latestPrices } from '../portfolios/figures';
import { figuresFor, reportsOf } from '../valuations/scorecard';
import type { ValuationStore } from '../valuations/store';
import {
  currentVersion,
  findPublicRecord,
  intrinsicEditOf,
  intrinsicEditsOf,
  listShares,
  publicRecordBySlug,
  shareBySlug,
  type ShareItem,
} from './store';

/**
 * The public answers (docs/decisions/128-public-pitch-sharing.md): built from the share's
 * stored versions and anchor, the cached quotes of the stock and the S&P 500, and the
 * scorecard's shared math. Only the fields named here leave the server: no user id, email,
 * valuation id or other pitch.
 *
 * Public words come from trusted sources only (decision 142): a stock's name is the market
 * data's, read with its quote, never what a request once said (nor what an older version
 * stored). A hidden version shows its number and date only; the current version carries the
 * pitch's value now, dated when its owner edited it after the version (decision 143).
 */

function service(): MarketService | null {
  try {
    return marketService();
  } catch (error) {
    logger.warn('sharing: market data is not configured', { error: error as Error });
    return null;
  }
}

/** The S&P 500's close on (or just before) a day, through the market cache. */
export async function indexCloseOn(day: string): Promise<number | undefined> {
  const market = service();
  return market ? benchmarkCloseOn(market, day) : undefined;
}

async function prices(
  market: MarketService | null,
  symbols: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!market) return out;
  for (const [symbol, info] of await latestPrices(market, symbols)) out.set(symbol, info.price);
  return out;
}

/**
 * The market data's names of symbols, from the cached quotes (read after the prices, so from
 * the copy they just warmed); none when unavailable.
 */
async function marketNames(
  market: MarketService | null,
  symbols: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!market) return out;
  try {
    for (const [symbol, result] of await market.rawQuotes([...new Set(symbols)])) {
      const name = (result.value as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string' && name.trim() !== '') out.set(symbol, name.trim());
    }
  } catch (error) {
    logger.warn('sharing: stock names unavailable', { error: error as Error });
  }
  return out;
}

/** The current version as the scorecard reads a pitch, anchored at the first version's pitch. */
function scorecardPitch(share: ShareItem, current: SharedVersion): ScorecardPitch {
  return {
    ...current.inputs,
    id: 'shared',
    stock_symbol: current.stock_symbol,
    stock_name: current.stock_name,
    valuation_type_id: current.valuation_type_id,
    tracked_market_price: share.anchor.priceThen,
    trackedAt: share.anchor.pitchedAt,
    forward_multiple: current.forward_multiple,
    holding_period: current.holding_period,
  };
}

/** The row's figures only (the schema drops its ids). */
const publicScorecard = (row: ScorecardRow): PublicScorecard => publicScorecardSchema.parse(row);

/** Points of the pitch's expected path over its hold (the scorecard's path, sampled). */
export const PATH_STEPS = 8;

export async function publicPitch(
  store: ValuationStore,
  slug: string,
  options: { now?: number } = {},
): Promise<PublicPitchResponse> {
  const now = options.now ?? nowMs();
  const share = await shareBySlug(store, slug);
  const latest = currentVersion(share);
  const market = service();
  const [[quotes, names], owner, reports, edit] = await Promise.all([
    prices(market, [share.stockSymbol, BENCHMARK_SYMBOL]).then(
      async (found) => [found, await marketNames(market, [share.stockSymbol])] as const,
    ),
    findPublicRecord(store, share.userId),
    market
      ? reportsOf(market, share.stockSymbol, new Set([latest.valuation_type_id]))
      : Promise.resolve(undefined),
    intrinsicEditOf(store, share),
  ]);
  const stockName = names.get(share.stockSymbol) ?? null;
  const current: SharedVersion = {
    ...latest,
    stock_name: stockName,
    intrinsic_value_per_share: edit?.value ?? latest.intrinsic_value_per_share,
  };
  const priceNow = quotes.get(share.stockSymbol) ?? null;
  const record = shareRecord({
    ...share.anchor,
    priceNow,
    indexNow: quotes.get(BENCHMARK_SYMBOL) ?? null,
    now,
  });
  const pitch = scorecardPitch(share, current);
  const figures = figuresFor(current.valuation_type_id, reports);
  const row = scorePitch(pitch, priceNow, figures, now);
  const pitchedMs = Date.parse(share.anchor.pitchedAt);
  const hold = current.holding_period > 0 ? current.holding_period : 0;
  const expectedPath: { years: number; price: number }[] = [];
  for (let i = 0; i <= PATH_STEPS && hold > 0 && Number.isFinite(pitchedMs); i++) {
    const years = (hold * i) / PATH_STEPS;
    const at = scorePitch(pitch, priceNow, figures, pitchedMs + years * YEAR_MS);
    if (at.expectedPrice !== null) expectedPath.push({ years, price: at.expectedPrice });
  }
  return {
    slug: share.slug,
    sharedBy: owner?.displayName ?? null,
    recordSlug: owner?.slug ?? null,
    current,
    intrinsicEdit: edit ? { editedAt: edit.editedAt, versionValue: edit.versionValue } : null,
    versions: share.versions.map((v) =>
      isHiddenVersion(v)
        ? { version: v.version, at: v.at, hidden: true as const }
        : { ...v, stock_name: stockName },
    ),
    record,
    scorecard: publicScorecard(row),
    expectedPath,
    asOf: new Date(now).toISOString(),
  };
}

export async function publicRecord(
  store: ValuationStore,
  slug: string,
  options: { now?: number } = {},
): Promise<PublicRecordResponse> {
  const now = options.now ?? nowMs();
  const owner = await publicRecordBySlug(store, slug);
  const shares = (await listShares(store, owner.userId)).sort((a, b) =>
    b.anchor.pitchedAt.localeCompare(a.anchor.pitchedAt),
  );
  const market = service();
  const symbols = [...new Set(shares.map((s) => s.stockSymbol))];
  const [[quotes, names], edits] = await Promise.all([
    prices(market, [...symbols, BENCHMARK_SYMBOL]).then(
      async (found) => [found, await marketNames(market, symbols)] as const,
    ),
    intrinsicEditsOf(store, owner.userId, shares),
  ]);
  const indexNow = quotes.get(BENCHMARK_SYMBOL) ?? null;
  const rows = shares.map((share) => {
    const current = currentVersion(share);
    const record = shareRecord({
      ...share.anchor,
      priceNow: quotes.get(share.stockSymbol) ?? null,
      indexNow,
      now,
    });
    return { share, current, record };
  });
  return {
    displayName: owner.displayName,
    pitches: rows.map(({ share, current, record }) => ({
      slug: share.slug,
      stock_symbol: current.stock_symbol,
      stock_name: names.get(share.stockSymbol) ?? null,
      valuation_type_id: current.valuation_type_id,
      intrinsic_value_per_share:
        edits.get(share.valuationId)?.value ?? current.intrinsic_value_per_share,
      intrinsicEditedAt: edits.get(share.valuationId)?.editedAt ?? null,
      pitchedAt: record.pitchedAt,
      daysSince: record.daysSince,
      returnSince: record.returnSince,
      indexReturn: record.indexReturn,
      vsIndex: record.vsIndex,
      counted: counts(record),
    })),
    summary: recordSummary(rows.map((r) => r.record)),
    asOf: new Date(now).toISOString(),
  };
}
