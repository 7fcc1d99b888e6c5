import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  marketMap,
  MIN_TILE_SIDE,
  squarifyWithBands,
  undrawn,
  type MapCompany,
  type Rect,
} from './layout';

/*
 * Every company gets a tile whose area is its share of the market cap (decision 167), checked
 * from the rectangles alone: each tile's width times height over the sum of all tiles' areas,
 * against its market cap over the sum of all market caps. The map's sector name bands take room
 * above the tiles, yet no tile is off its share by more than 2% (in fact by less than a
 * millionth).
 */

const SIZES = [
  [1302, 729], // the map at a 1366 px window
  [358, 519], // the map on a 390 px phone
] as const;

/** The relative error of each tile's area share against its cap share, largest first. */
function shareErrors(companies: readonly MapCompany[], width: number, height: number) {
  const { tiles } = marketMap(companies, width, height);
  let area = 0;
  for (const t of tiles) area += t.w * t.h;
  let cap = 0;
  for (const c of companies) cap += c.marketCap;
  return {
    tiles,
    errors: tiles.map((t) => Math.abs((t.w * t.h) / area / (t.company.marketCap / cap) - 1)),
  };
}

/** A universe like the product's: caps from $150M to $4T, 11 sectors, skewed industries. */
function universe(n: number, seed: number): MapCompany[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return Array.from({ length: n }, (_, i) => ({
    symbol: `S${i}`,
    sector: `Sector ${Math.floor(rnd() ** 1.5 * 11)}`,
    industry: `Industry ${Math.floor(rnd() ** 2 * 140)}`,
    marketCap: Math.exp(Math.log(1.5e8) + rnd() ** 2.2 * (Math.log(4e12) - Math.log(1.5e8))),
  }));
}

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe('every company a tile in proportion to its market cap', () => {
  it.each(SIZES)(
    'at %i x %i px: 538 and 6,000 companies, every tile within two per cent of its cap share',
    (width, height) => {
      for (const n of [538, 6000]) {
        const companies = universe(n, n);
        const { tiles, errors } = shareErrors(companies, width, height);
        expect(tiles).toHaveLength(n);
        expect(new Set(tiles.map((t) => t.company.symbol)).size).toBe(n);
        expect(Math.max(...errors)).toBeLessThan(0.02);
        expect(Math.max(...errors)).toBeLessThan(1e-6);
      }
    },
  );

  it('property: any universe at any size, every tile within 2% of its cap share, none overlapping, all inside the map', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            sector: fc.integer({ min: 0, max: 11 }),
            industry: fc.integer({ min: 0, max: 6 }),
            cap: fc.double({ min: 1e6, max: 4e12, noNaN: true }),
          }),
          { minLength: 1, maxLength: 120 },
        ),
        fc.integer({ min: 200, max: 2000 }),
        fc.integer({ min: 200, max: 1200 }),
        (list, width, height) => {
          const companies = list.map((c, i) => ({
            symbol: `C${i}`,
            sector: `S${c.sector}`,
            industry: `S${c.sector}I${c.industry}`,
            marketCap: c.cap,
          }));
          const { tiles, errors } = shareErrors(companies, width, height);
          expect(tiles).toHaveLength(companies.length);
          for (const e of errors) expect(e).toBeLessThan(0.02);
          const eps = 1e-6;
          for (const t of tiles) {
            expect(t.x).toBeGreaterThanOrEqual(-eps);
            expect(t.y).toBeGreaterThanOrEqual(-eps);
            expect(t.x + t.w).toBeLessThanOrEqual(width + eps);
            expect(t.y + t.h).toBeLessThanOrEqual(height + eps);
          }
          for (let i = 0; i < tiles.length; i++)
            for (let j = i + 1; j < tiles.length; j++)
              expect(overlap(tiles[i]!, tiles[j]!)).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('names the companies too small to draw: exactly those with a side under 3 px', () => {
    const companies = universe(538, 7);
    const [width, height] = SIZES[1];
    const layout = marketMap(companies, width, height);
    const small = new Set(undrawn(layout).map((c) => c.symbol));
    for (const t of layout.tiles)
      expect(small.has(t.company.symbol)).toBe(t.w < MIN_TILE_SIDE || t.h < MIN_TILE_SIDE);
    expect(small.size).toBeGreaterThan(0);
    // Largest first, so the list starts with those nearest to being drawn.
    const caps = undrawn(layout).map((c) => c.marketCap);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
  });
});

describe('a layout with name bands', () => {
  it('property: the room below each band is in proportion to its weight, the rectangles tiling the box', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 100, max: 1600 }),
        fc.integer({ min: 100, max: 1000 }),
        (weights, w, h) => {
          const box = { x: 3, y: 5, w, h };
          const out = squarifyWithBands(
            weights,
            (x) => x,
            box,
            (_, r) => (r.h > 45 && r.w > 48 ? 18 : 0),
          );
          expect(out).toHaveLength(weights.length);
          const total = weights.reduce((a, b) => a + b, 0);
          let rooms = 0;
          let area = 0;
          for (const o of out) {
            expect(o.rect.h).toBeGreaterThan(o.band);
            rooms += o.rect.w * (o.rect.h - o.band);
            area += o.rect.w * o.rect.h;
          }
          expect(area / (w * h)).toBeCloseTo(1, 9);
          for (const o of out)
            expect((o.rect.w * (o.rect.h - o.band)) / rooms / (o.item / total)).toBeCloseTo(1, 6);
          for (let i = 0; i < out.length; i++)
            for (let j = i + 1; j < out.length; j++)
              expect(overlap(out[i]!.rect, out[j]!.rect)).toBeLessThan(1e-6 * w * h);
        },
      ),
    );
  });

  it('gives a band only to a group with room for it, and puts the sector’s tiles below its band', () => {
    const companies = universe(538, 3);
    const layout = marketMap(companies, 1302, 729);
    const sectors = layout.groups.filter((g) => g.kind === 'sector');
    expect(sectors.filter((g) => g.labelHeight > 0).length).toBeGreaterThan(5);
    for (const g of sectors) {
      if (g.labelHeight > 0) expect(g.h).toBeGreaterThan(18 * 2.5 - 1e-9);
      for (const t of layout.tiles.filter((x) => x.company.sector === g.name))
        expect(t.y).toBeGreaterThanOrEqual(g.y + g.labelHeight - 1e-9);
    }
  });
});
