/*
 * The market map's geometry (decisions 152, 167): a squarified treemap (Bruls, Huizing and van
 * Wijk, 2000) of sectors, their industries inside them and the companies inside those, each
 * company's tile exactly in proportion to its market cap. A sector's name band takes room above
 * its tiles, so the sectors are laid out with their bands added (`squarifyWithBands`): the room
 * left for each sector's tiles, not the sector with its band, is in proportion to its cap.
 * Industry names are drawn over the top of the industry's largest tile, and the lines between
 * groups are drawn over the tiles' edges: neither takes room from a tile. Pure: the web app
 * draws what this computes, and the bench times both. Coordinates are CSS pixels; nothing here
 * is money, so plain floats.
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

/** A row of the layout: items `start` to `end` (exclusive), stacked in a column or side by side. */
interface Row {
  start: number;
  end: number;
  /** A column at the left of what is left (the box was at least as wide as tall), else a row at its top. */
  column: boolean;
}

/**
 * Squarify's rows for `areas` (largest first, summing to the box's area): each row along the
 * shorter side of what is left, closed when adding the next area would worsen its worst aspect
 * ratio.
 */
function planRows(areas: readonly number[], rect: Rect): Row[] {
  const rows: Row[] = [];
  let { w, h } = rect;
  let start = 0;
  while (start < areas.length) {
    const side = Math.min(w, h);
    let end = start + 1;
    let sum = areas[start]!;
    const max = areas[start]!;
    let ratio = worst(max, max, sum, side);
    while (end < areas.length) {
      const nextSum = sum + areas[end]!;
      const next = worst(max, areas[end]!, nextSum, side);
      if (next > ratio) break;
      ratio = next;
      sum = nextSum;
      end++;
    }
    const column = w >= h;
    rows.push({ start, end, column });
    if (column) w -= sum / h;
    else h -= sum / w;
    start = end;
  }
  return rows;
}

/**
 * The thickness of each row when item i needs `body[i]` of room below a band of `band[i]`
 * pixels (0 for none): a column of width t gives item i a height body/t + band; a row of
 * height t gives it a width body/(t - band). Returns the room left along the last row's
 * direction (negative when the bodies do not fit), and the thicknesses.
 */
function rowThicknesses(
  rows: readonly Row[],
  body: readonly number[],
  band: readonly number[],
  rect: Rect,
): { left: number; thickness: number[] } {
  let { w, h } = rect;
  const thickness: number[] = [];
  for (const row of rows) {
    if (!(w > 0) || !(h > 0)) return { left: -Infinity, thickness };
    let bodies = 0;
    let banded = 0;
    let bands = 0;
    let bandHeight = 0;
    for (let i = row.start; i < row.end; i++) {
      bodies += body[i]!;
      if (band[i]! > 0) {
        banded += body[i]!;
        bands += band[i]!;
        bandHeight = Math.max(bandHeight, band[i]!);
      }
    }
    let t: number;
    if (row.column) {
      // Heights body/t + band sum to h.
      if (h - bands <= 0) return { left: -Infinity, thickness };
      t = bodies / (h - bands);
      w -= t;
    } else if (banded === 0) {
      t = bodies / w;
      h -= t;
    } else {
      // Widths banded/(t - b) + plain/t sum to w (every band of a level has one height b).
      const plain = bodies - banded;
      const b = bandHeight;
      const p = w * b + banded + plain;
      t = (p + Math.sqrt(Math.max(0, p * p - 4 * w * plain * b))) / (2 * w);
      h -= t;
    }
    thickness.push(t);
  }
  const last = rows[rows.length - 1];
  return { left: last?.column ? w : h, thickness };
}

/**
 * Lays `items` out in `rect` so that each one's room below its band (`band(item)` pixels high
 * across its width; 0 for none) is in proportion to its weight, the rectangles tiling `rect`
 * exactly. Items are placed largest first in squarify's rows (`planRows`, from the weights
 * alone); the scale of the rooms is then found by bisection so that the last row ends on the
 * box's edge. Weights at or below 0, or not finite, are left out. When the bands cannot fit,
 * the items are laid out without them (`band` 0).
 */
export function squarifyWithBands<T>(
  items: readonly T[],
  weight: (item: T) => number,
  rect: Rect,
  band: ((item: T, plain: Rect) => number) | null,
): { item: T; rect: Rect; band: number }[] {
  const kept = items
    .map((item) => ({ item, w: weight(item) }))
    .filter((e) => Number.isFinite(e.w) && e.w > 0)
    .sort((a, b) => b.w - a.w);
  if (kept.length === 0 || !(rect.w > 0) || !(rect.h > 0)) return [];
  const total = kept.reduce((n, e) => n + e.w, 0);
  const full = (rect.w * rect.h) / total;
  const areas = kept.map((e) => e.w * full);
  const rows = planRows(areas, rect);
  const none = kept.map(() => 0);
  const plain = place(rows, areas, none, rect, rowThicknesses(rows, areas, none, rect).thickness);
  // Which items have a band: those whose plain rectangle has room for one.
  let bands = band ? kept.map((e, i) => Math.max(0, band(e.item, plain[i]!))) : none;
  const bodiesAt = (scale: number) => kept.map((e) => e.w * scale);
  if (bands.some((b) => b > 0) && !(rowThicknesses(rows, bodiesAt(0), bands, rect).left >= 0))
    bands = none;
  if (bands.every((b) => b === 0))
    return kept.map((e, i) => ({ item: e.item, rect: plain[i]!, band: 0 }));
  // The scale at which the rooms and their bands fill the box: the room left falls as it grows.
  let lo = 0;
  let hi = full;
  for (let i = 0; i < 200 && hi - lo > hi * 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (rowThicknesses(rows, bodiesAt(mid), bands, rect).left >= 0) lo = mid;
    else hi = mid;
  }
  const bodies = bodiesAt(lo);
  const rects = place(
    rows,
    bodies,
    bands,
    rect,
    rowThicknesses(rows, bodies, bands, rect).thickness,
  );
  return kept.map((e, i) => ({ item: e.item, rect: rects[i]!, band: bands[i]! }));
}

/** The rectangles of rows of the given thicknesses; the last row (and each row's last item) takes what is left. */
function place(
  rows: readonly Row[],
  body: readonly number[],
  band: readonly number[],
  rect: Rect,
  thickness: readonly number[],
): Rect[] {
  const out: Rect[] = [];
  let { x, y, w, h } = rect;
  rows.forEach((row, r) => {
    const last = r === rows.length - 1;
    if (row.column) {
      const width = last ? w : thickness[r]!;
      let cy = y;
      for (let i = row.start; i < row.end; i++) {
        const height = i === row.end - 1 ? y + h - cy : body[i]! / width + band[i]!;
        out.push({ x, y: cy, w: width, h: height });
        cy += height;
      }
      x += width;
      w -= width;
    } else {
      const height = last ? h : thickness[r]!;
      let cx = x;
      for (let i = row.start; i < row.end; i++) {
        const width = i === row.end - 1 ? x + w - cx : body[i]! / (height - band[i]!);
        out.push({ x: cx, y, w: width, h: height });
        cx += width;
      }
      y += height;
      h -= height;
    }
  });
  return out;
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
  return squarifyWithBands(items, weight, rect, null).map(({ item, rect: r }) => ({
    item,
    rect: r,
  }));
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
  /** Pixels at the top of the tile under its industry's name (0 when none): its text goes below. */
  covered: number;
}

export interface MapGroup extends Rect {
  kind: 'sector' | 'industry';
  name: string;
  /**
   * A sector: the height of the band above its tiles holding its name. An industry: the height of
   * its name drawn over the top of its largest tile, `labelWidth` wide. 0 when there is no room.
   */
  labelHeight: number;
  /** The width the name may take. */
  labelWidth: number;
  /** For an industry, its sector. */
  sector: string;
}

export interface MapLayout<C extends MapCompany> {
  /** A tile for every company with a positive market cap. */
  tiles: MapTile<C>[];
  groups: MapGroup[];
}

export interface MapOptions {
  /** Height of a sector's name band (px). */
  sectorLabel?: number;
  /** Height of an industry's name (px), shown when its largest tile has room for it. */
  industryLabel?: number;
}

/** A tile narrower or lower than this (CSS px) shows no colour beside its hairline border. */
export const MIN_TILE_SIDE = 3;

/** Whether a tile is too small to draw (its company is then listed by name beside the map). */
export function tooSmallToDraw(tile: Rect): boolean {
  return tile.w < MIN_TILE_SIDE || tile.h < MIN_TILE_SIDE;
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
 * band where there is room, its industries inside it, each industry's companies inside that.
 * Every company with a positive market cap gets a tile whose area, as a share of all the tiles'
 * area, is its share of their total market cap.
 */
export function marketMap<C extends MapCompany>(
  companies: readonly C[],
  width: number,
  height: number,
  options: MapOptions = {},
): MapLayout<C> {
  const sectorLabel = options.sectorLabel ?? 18;
  const industryLabel = options.industryLabel ?? 13;
  const tiles: MapTile<C>[] = [];
  const groups: MapGroup[] = [];
  const listed = companies.filter((c) => Number.isFinite(c.marketCap) && c.marketCap > 0);
  const sectors = [...groupBy(listed, (c) => c.sector)];
  const sectorRects = squarifyWithBands(
    sectors,
    ([, m]) => capOf(m),
    { x: 0, y: 0, w: width, h: height },
    (_, r) => (r.h > sectorLabel * 2.5 && r.w > 48 ? sectorLabel : 0),
  );
  for (const {
    item: [sector, members],
    rect,
    band,
  } of sectorRects) {
    groups.push({
      kind: 'sector',
      name: sector,
      sector,
      labelHeight: band,
      labelWidth: rect.w,
      ...rect,
    });
    const inner = { x: rect.x, y: rect.y + band, w: rect.w, h: rect.h - band };
    const industries = [...groupBy(members, (c) => c.industry)];
    for (const {
      item: [industry, list],
      rect: ir,
    } of squarify(industries, ([, m]) => capOf(m), inner)) {
      const placed = squarify(list, (c) => c.marketCap, ir);
      // The industry's name over its largest tile (at its top left), when that tile has room.
      const first = placed[0]?.rect;
      const label = first && first.h >= industryLabel * 3.5 && first.w >= 70 ? industryLabel : 0;
      groups.push({
        kind: 'industry',
        name: industry,
        sector,
        labelHeight: label,
        labelWidth: label ? first!.w : 0,
        ...ir,
      });
      placed.forEach(({ item, rect: cr }, i) =>
        tiles.push({ company: item, covered: i === 0 ? label : 0, ...cr }),
      );
    }
  }
  return { tiles, groups };
}

/** The companies of a layout whose tiles are too small to draw, largest first. */
export function undrawn<C extends MapCompany>(layout: MapLayout<C>): C[] {
  return layout.tiles
    .filter(tooSmallToDraw)
    .map((t) => t.company)
    .sort((a, b) => b.marketCap - a.marketCap);
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
