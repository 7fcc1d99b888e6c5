/*
 * The market map's geometry (decision 152): a squarified treemap (Bruls, Huizing and van Wijk,
 * 2000) of sectors, their industries inside them and the companies inside those, each tile's
 * area proportional to its market cap. Pure: the web app draws what this computes, and the
 * bench times both. Coordinates are CSS pixels; nothing here is money, so plain floats.
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The worst aspect ratio of a row of areas laid along a side of length `side`, from its largest
 * and smallest area and their sum (areas come largest first, so those are the row's ends).
 */
function worst(max: number, min: number, sum: number, side: number): number {
  const s2 = sum * sum;
  const w2 = side * side;
  return Math.max((w2 * max) / s2, s2 / (w2 * min));
}

/**
 * Lays `items` out in `rect`, each with an area proportional to its weight (weights at or
 * below 0, or not finite, are left out). Items are placed largest first, in rows along the
 * shorter side, a row closed when adding the next item would make its worst aspect ratio
 * worse. The rectangles tile `rect` exactly (up to rounding), without overlap.
 */
export function squarify<T>(
  items: readonly T[],
  weight: (item: T) => number,
  rect: Rect,
): { item: T; rect: Rect }[] {
  const kept = items
    .map((item) => ({ item, w: weight(item) }))
    .filter((e) => Number.isFinite(e.w) && e.w > 0)
    .sort((a, b) => b.w - a.w);
  const total = kept.reduce((n, e) => n + e.w, 0);
  const out: { item: T; rect: Rect }[] = [];
  if (kept.length === 0 || rect.w <= 0 || rect.h <= 0) return out;
  const scale = (rect.w * rect.h) / total;
  const areas = kept.map((e) => e.w * scale);
  let { x, y, w, h } = rect;
  let start = 0;
  while (start < kept.length) {
    const side = Math.min(w, h);
    let end = start + 1;
    let sum = areas[start]!;
    const max = areas[start]!;
    let ratio = worst(max, max, sum, side);
    while (end < kept.length) {
      const nextSum = sum + areas[end]!;
      const next = worst(max, areas[end]!, nextSum, side);
      if (next > ratio) break;
      ratio = next;
      sum = nextSum;
      end++;
    }
    // The last row takes what is left of the rectangle, so rounding never leaves a sliver.
    const last = end === kept.length;
    if (w >= h) {
      const width = last ? w : sum / h;
      let cy = y;
      for (let i = start; i < end; i++) {
        const height = i === end - 1 ? y + h - cy : areas[i]! / width;
        out.push({ item: kept[i]!.item, rect: { x, y: cy, w: width, h: height } });
        cy += height;
      }
      x += width;
      w -= width;
    } else {
      const height = last ? h : sum / w;
      let cx = x;
      for (let i = start; i < end; i++) {
        const width = i === end - 1 ? x + w - cx : areas[i]! / height;
        out.push({ item: kept[i]!.item, rect: { x: cx, y, w: width, h: height } });
        cx += width;
      }
      y += height;
      h -= height;
    }
    start = end;
  }
  return out;
}

/** A company as the map places it. */
export interface MapCompany {
  symbol: string;
  sector: string;
  industry: string;
  marketCap: number;
}

export interface MapTile<C extends MapCompany> extends Rect {
  company: C;
}

export interface MapGroup extends Rect {
  kind: 'sector' | 'industry';
  name: string;
  /** The band at the top holding the group's name (0 when the group is too small for one). */
  labelHeight: number;
  /** For an industry, its sector. */
  sector: string;
}

export interface MapLayout<C extends MapCompany> {
  tiles: MapTile<C>[];
  groups: MapGroup[];
}

export interface MapOptions {
  /** Height of a sector's name band (px). */
  sectorLabel?: number;
  /** Height of an industry's name band (px), shown when the industry is large enough. */
  industryLabel?: number;
  /** Gap around each sector and industry (px). */
  gap?: number;
}

function inset(r: Rect, by: number): Rect {
  return { x: r.x + by, y: r.y + by, w: Math.max(0, r.w - 2 * by), h: Math.max(0, r.h - 2 * by) };
}

function groupBy<C>(items: readonly C[], key: (c: C) => string): Map<string, C[]> {
  const out = new Map<string, C[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const capOf = (list: readonly MapCompany[]) => list.reduce((n, c) => n + c.marketCap, 0);

/**
 * The market map in a `width` x `height` box: sectors by total market cap, each with a name
 * band, its industries inside it (named when there is room), each industry's companies inside
 * that. Companies without a positive market cap are left out.
 */
export function marketMap<C extends MapCompany>(
  companies: readonly C[],
  width: number,
  height: number,
  options: MapOptions = {},
): MapLayout<C> {
  const sectorLabel = options.sectorLabel ?? 18;
  const industryLabel = options.industryLabel ?? 13;
  const gap = options.gap ?? 1;
  const tiles: MapTile<C>[] = [];
  const groups: MapGroup[] = [];
  const listed = companies.filter((c) => Number.isFinite(c.marketCap) && c.marketCap > 0);
  const sectors = [...groupBy(listed, (c) => c.sector)];
  for (const {
    item: [sector, members],
    rect,
  } of squarify(sectors, ([, m]) => capOf(m), {
    x: 0,
    y: 0,
    w: width,
    h: height,
  })) {
    const band = rect.h > sectorLabel * 2.5 && rect.w > 48 ? sectorLabel : 0;
    groups.push({ kind: 'sector', name: sector, sector, labelHeight: band, ...rect });
    const inner = inset({ x: rect.x, y: rect.y + band, w: rect.w, h: rect.h - band }, gap);
    const industries = [...groupBy(members, (c) => c.industry)];
    for (const {
      item: [industry, list],
      rect: ir,
    } of squarify(industries, ([, m]) => capOf(m), inner)) {
      const label = ir.h > industryLabel * 3 && ir.w > 70 ? industryLabel : 0;
      groups.push({ kind: 'industry', name: industry, sector, labelHeight: label, ...ir });
      const body = inset({ x: ir.x, y: ir.y + label, w: ir.w, h: ir.h - label }, gap);
      for (const { item, rect: cr } of squarify(list, (c) => c.marketCap, body))
        tiles.push({ company: item, ...cr });
    }
  }
  return { tiles, groups };
}

/** The tile under a point, or undefined (tiles do not overlap, so at most one). */
export function tileAt<C extends MapCompany>(
  tiles: readonly MapTile<C>[],
  x: number,
  y: number,
): MapTile<C> | undefined {
  return tiles.find((t) => x >= t.x && x < t.x + t.w && y >= t.y && y < t.y + t.h);
}

/** The sector whose name band is under a point, or undefined. */
export function sectorLabelAt(
  groups: readonly MapGroup[],
  x: number,
  y: number,
): MapGroup | undefined {
  return groups.find(
    (g) =>
      g.kind === 'sector' &&
      g.labelHeight > 0 &&
      x >= g.x &&
      x < g.x + g.w &&
      y >= g.y &&
      y < g.y + g.labelHeight,
  );
}
