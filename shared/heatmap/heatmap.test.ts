import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeRow, NO_FUNDAMENTALS, type Listing } from '../screener/compute';
import {
  changeColour,
  decodeHeatmap,
  encodeHeatmap,
  HEATMAP_COLOURS,
  heatmapCompany,
  heatmapResponse,
  legendSteps,
  listingWithQuote,
  marketMap,
  NO_CHANGE_COLOUR,
  sectorLabelAt,
  squarify,
  tileAt,
  type HeatmapCompany,
  type Rect,
} from './index';

const area = (r: Rect) => r.w * r.h;
const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe('squarified treemap', () => {
  it('lays 6 weights out as the paper’s example does: areas in proportion, the box tiled', () => {
    const weights = [6, 6, 4, 3, 2, 2, 1];
    const out = squarify(weights, (w) => w, { x: 0, y: 0, w: 6, h: 4 });
    expect(out.map((o) => Number(area(o.rect).toFixed(9)))).toEqual(weights);
    // The first row: the two 6s stacked along the short side, 3 wide.
    expect(out[0]!.rect).toEqual({ x: 0, y: 0, w: 3, h: 2 });
    expect(out[1]!.rect).toEqual({ x: 0, y: 2, w: 3, h: 2 });
  });

  it('leaves out weights at or below 0 and those not finite', () => {
    const out = squarify([5, 0, -1, Number.NaN, 5], (w) => w, { x: 0, y: 0, w: 10, h: 10 });
    expect(out.map((o) => o.item)).toEqual([5, 5]);
  });

  it('property: every tile inside the box, areas proportional to weights, no two overlapping', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 1e12, noNaN: true }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.double({ min: 10, max: 2000, noNaN: true }),
        fc.double({ min: 10, max: 2000, noNaN: true }),
        (weights, w, h) => {
          const box = { x: 5, y: 7, w, h };
          const out = squarify(weights, (x) => x, box);
          const total = weights.reduce((a, b) => a + b, 0);
          expect(out).toHaveLength(weights.length);
          let sum = 0;
          for (const { item, rect } of out) {
            const eps = 1e-6 * Math.max(w, h);
            expect(rect.x).toBeGreaterThanOrEqual(box.x - eps);
            expect(rect.y).toBeGreaterThanOrEqual(box.y - eps);
            expect(rect.x + rect.w).toBeLessThanOrEqual(box.x + w + eps);
            expect(rect.y + rect.h).toBeLessThanOrEqual(box.y + h + eps);
            expect(area(rect) / (w * h)).toBeCloseTo(item / total, 6);
            sum += area(rect);
          }
          expect(sum / (w * h)).toBeCloseTo(1, 9);
          for (let i = 0; i < out.length; i++)
            for (let j = i + 1; j < out.length; j++)
              expect(overlap(out[i]!.rect, out[j]!.rect)).toBeLessThan(1e-6 * w * h);
        },
      ),
    );
  });
});

function company(
  symbol: string,
  sector: string,
  industry: string,
  marketCap: number,
): HeatmapCompany {
  return {
    symbol,
    name: `${symbol} Inc.`,
    sector,
    industry,
    marketCap,
    changes: { '1D': 1, '1W': 2, '1M': -3, '3M': 5, '6M': -6, '1Y': 7, YTD: 4 },
    price: 50,
    value: 40,
    multiple: 16,
    premium: 25,
    gap: null,
  };
}

describe('the market map', () => {
  const companies = [
    company('AAA', 'Technology', 'Software', 3000),
    company('BBB', 'Technology', 'Software', 1000),
    company('CCC', 'Technology', 'Semiconductors', 2000),
    company('DDD', 'Energy', 'Oil & Gas', 1500),
    company('EEE', 'Energy', 'Oil & Gas', 500),
    company('ZERO', 'Energy', 'Oil & Gas', 0),
  ];
  const map = marketMap(companies, 800, 600);

  it('groups by sector then industry, sectors sized by their total market cap', () => {
    const sectors = map.groups.filter((g) => g.kind === 'sector');
    expect(sectors.map((g) => g.name)).toEqual(['Technology', 'Energy']);
    expect(area(sectors[0]!) / area(sectors[1]!)).toBeCloseTo(6000 / 2000, 9);
    expect(map.groups.filter((g) => g.kind === 'industry').map((g) => g.name)).toEqual([
      'Software',
      'Semiconductors',
      'Oil & Gas',
    ]);
    expect(map.tiles.map((t) => t.company.symbol)).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE']);
  });

  it('keeps each company inside its industry, and each industry inside its sector', () => {
    const inside = (a: Rect, b: Rect) =>
      a.x >= b.x - 1e-9 &&
      a.y >= b.y - 1e-9 &&
      a.x + a.w <= b.x + b.w + 1e-9 &&
      a.y + a.h <= b.y + b.h + 1e-9;
    for (const tile of map.tiles) {
      const industry = map.groups.find(
        (g) => g.kind === 'industry' && g.name === tile.company.industry,
      )!;
      const sector = map.groups.find((g) => g.kind === 'sector' && g.name === tile.company.sector)!;
      expect(inside(tile, industry)).toBe(true);
      expect(inside(industry, sector)).toBe(true);
      // Below the sector's name band.
      expect(tile.y).toBeGreaterThanOrEqual(sector.y + sector.labelHeight);
    }
  });

  it('finds the tile and the sector name under a point', () => {
    const t = map.tiles[0]!;
    expect(tileAt(map.tiles, t.x + t.w / 2, t.y + t.h / 2)?.company.symbol).toBe('AAA');
    const sector = map.groups[0]!;
    expect(sectorLabelAt(map.groups, sector.x + 2, sector.y + 2)?.name).toBe('Technology');
    expect(tileAt(map.tiles, -5, -5)).toBeUndefined();
  });

  it('lays out 6,000 companies', () => {
    const many = Array.from({ length: 6000 }, (_, i) =>
      company(`S${i}`, `Sector ${i % 11}`, `Industry ${i % 140}`, 1e8 * (1 + (i % 97))),
    );
    expect(marketMap(many, 1366, 700).tiles).toHaveLength(6000);
  });
});

describe('legend steps', () => {
  it('seven steps from red to green, edges at a sixth, a half and five sixths of the extent', () => {
    const steps = legendSteps('1D');
    expect(steps.map((s) => s.label)).toEqual(['≤ -3%', '-2%', '-1%', '0%', '+1%', '+2%', '≥ +3%']);
    expect(steps.map((s) => s.to)).toEqual([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, Infinity]);
    expect(legendSteps('YTD').map((s) => s.label)).toEqual([
      '≤ -30%',
      '-20%',
      '-10%',
      '0%',
      '+10%',
      '+20%',
      '≥ +30%',
    ]);
  });

  it('colours a change by the legend step it falls in; unknown is grey', () => {
    expect(changeColour(-7, '1D')).toBe(HEATMAP_COLOURS[0]);
    expect(changeColour(-2, '1D')).toBe(HEATMAP_COLOURS[1]);
    expect(changeColour(0.2, '1D')).toBe(HEATMAP_COLOURS[3]);
    expect(changeColour(0.5, '1D')).toBe(HEATMAP_COLOURS[4]);
    expect(changeColour(12, '1M')).toBe(HEATMAP_COLOURS[6]);
    expect(changeColour(12, 'YTD')).toBe(HEATMAP_COLOURS[4]);
    expect(changeColour(null, '1D')).toBe(NO_CHANGE_COLOUR);
    expect(HEATMAP_COLOURS).not.toContain(NO_CHANGE_COLOUR);
    for (const period of ['1D', '1W', '1M', 'YTD'] as const)
      fc.assert(
        fc.property(fc.double({ min: -100, max: 1000, noNaN: true }), (x) => {
          const step = legendSteps(period).find((s) => x >= s.from && x < s.to)!;
          expect(changeColour(x, period)).toBe(step.colour);
        }),
      );
  });
});

/** Half away from zero to 2 places, by plain arithmetic (the map's own rounding is decimal). */
const twoPlaces = (n: number) => (Math.sign(n) * Math.round(Math.abs(n) * 100 + 1e-9)) / 100;

describe('the map’s data', () => {
  const listing: Listing = {
    symbol: 'ACME',
    company: 'Acme Corp',
    sector: 'Industrials',
    industry: 'Machinery',
    exchange: 'NYSE',
    price: 100,
    change: 2,
    volume: 1000,
    marketCap: 5e9,
  };
  const fundamentals = {
    ...NO_FUNDAMENTALS,
    refs: { asOf: '2026-03-10', week: 95, month: 80, quarter: 90, half: 70, year: 60, ytd: 125 },
  };

  // A Tuesday mid-session in New York, and a quote a minute later.
  const BUILT = Date.parse('2026-03-10T15:00:00Z');
  it('takes a quote newer than the snapshot; the screener’s row function gives every change', () => {
    const quote = { price: 110, change: 4, marketCap: 5.5e9, fetchedAt: BUILT + 60_000 };
    const fresh = listingWithQuote(listing, quote, BUILT);
    expect(fresh).toMatchObject({ price: 110, change: 4, marketCap: 5.5e9 });
    const row = computeRow(fresh, fundamentals);
    expect(heatmapCompany(row)).toEqual({
      symbol: 'ACME',
      name: 'Acme Corp',
      sector: 'Industrials',
      industry: 'Machinery',
      marketCap: 5.5e9,
      // 3M, 6M, 1Y: the price against the closes 3, 6 and 12 months before, to the cent.
      changes: {
        '1D': 3.77,
        '1W': 15.79,
        '1M': 37.5,
        '3M': twoPlaces((110 / 90 - 1) * 100),
        '6M': twoPlaces((110 / 70 - 1) * 100),
        '1Y': twoPlaces((110 / 60 - 1) * 100),
        YTD: -12,
      },
      price: 110,
      value: null,
      multiple: null,
      premium: null,
      gap: null,
    });
    expect(listingWithQuote(listing, { ...quote, fetchedAt: BUILT }, BUILT)).toBe(listing);
    expect(listingWithQuote(listing, undefined, BUILT)).toBe(listing);
  });

  it('takes no quote of another session: every one-day change is the move of the snapshot’s session', () => {
    // Built on Friday after the close; a quote of Monday's session is newer but another day's move.
    const friday = Date.parse('2026-03-06T21:30:00Z');
    const monday = Date.parse('2026-03-09T14:00:00Z');
    const quote = { price: 110, change: 4, marketCap: 5.5e9, fetchedAt: monday };
    expect(listingWithQuote(listing, quote, friday)).toBe(listing);
    // Saturday's quote is Friday's close: the same session.
    const saturday = Date.parse('2026-03-07T16:00:00Z');
    expect(listingWithQuote(listing, { ...quote, fetchedAt: saturday }, friday).price).toBe(110);
  });

  it('scales the market cap with the price when the quote has none', () => {
    const fresh = listingWithQuote(
      listing,
      { price: 120, change: 1, marketCap: null, fetchedAt: BUILT + 5 },
      BUILT,
    );
    expect(fresh.marketCap).toBe(6e9);
  });

  it('leaves out a company without a market cap; an unclassified one goes under Other', () => {
    expect(heatmapCompany(computeRow({ ...listing, marketCap: null }, fundamentals))).toBeNull();
    expect(
      heatmapCompany(computeRow({ ...listing, sector: null, industry: null }, fundamentals)),
    ).toMatchObject({ sector: 'Other', industry: 'Other' });
  });

  it('round-trips the compact answer, which the response schema accepts', () => {
    const list = [
      company('AAA', 'Technology', 'Software', 3000),
      company('BBB', 'Energy', 'Oil & Gas', 1000),
      {
        ...company('CCC', 'Technology', 'Software', 10),
        changes: { '1D': null, '1W': null, '1M': 1, '3M': null, '6M': null, '1Y': null, YTD: null },
        price: null,
        value: null,
        multiple: null,
        premium: null,
        gap: 'loss' as const,
      },
    ];
    const freshness = {
      snapshotAt: '2026-03-10T15:00:00.000Z',
      session: '2026-03-10',
      refreshMinutes: 15,
      stale: false,
    };
    const wire = encodeHeatmap(list, freshness);
    expect(wire.sectors).toEqual(['Technology', 'Energy']);
    expect(decodeHeatmap(wire)).toEqual(list);
    const parsed = heatmapResponse.parse({ data: wire, source: 'demo', stale: false, asOf: 'x' });
    expect(decodeHeatmap(parsed.data)).toEqual(list);
    expect(parsed.data.freshness).toEqual(freshness);
    expect(heatmapResponse.parse({ ...parsed, data: encodeHeatmap([], null) }).data.freshness).toBe(
      null,
    );
  });
});
