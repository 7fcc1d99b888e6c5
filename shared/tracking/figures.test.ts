import { describe, expect, it } from 'vitest';
import { trackedPitchFigures, trackedPitchRows, type TrackedPitchRecord } from './figures';

function record(overrides: Partial<TrackedPitchRecord> = {}): TrackedPitchRecord {
  return {
    id: 'v1',
    stock_symbol: 'AAPL',
    stock_name: 'Apple Inc.',
    valuation_type_id: 1,
    tracked_market_price: 100,
    market_price: 90,
    intrinsic_value_per_share: 150,
    ...overrides,
  };
}

describe('trackedPitchFigures', () => {
  it('shows margin of safety, actual loss and expected gain when price is below cost and intrinsic', () => {
    const f = trackedPitchFigures(record());
    expect(f.costPerShare).toBe(100);
    expect(f.marketPrice).toBe(90);
    expect(f.marketPriceSource).toBe('stored');
    expect(f.margin).toEqual({ label: 'Margin of Safety', percent: 40 });
    expect(f.actual).toEqual({ label: 'Loss', percent: -10 });
    expect(f.expected).toEqual({ label: 'Gain', percent: 50 });
    expect(f.actualMoic).toBe(0.9);
    expect(f.expectedMoic).toBe(1.5);
    expect(f.status).toBe('On Track');
    expect(f.display).toEqual({
      costPerShare: '100.00',
      marketPrice: '90.00',
      intrinsicValuePerShare: '150.00',
      marginLabel: 'Margin of Safety',
      marginPercent: '40.00%',
      actualLabel: 'Loss',
      actualPercent: '10.00%',
      expectedLabel: 'Gain',
      expectedPercent: '50.00%',
      actualMoic: '0.90x',
      expectedMoic: '1.50x',
      status: 'On Track',
    });
  });

  it('tracked pitch stays On Track when price equals intrinsic', () => {
    const f = trackedPitchFigures(record(), { symbol: 'AAPL', price: 150 });
    expect(f.marketPriceSource).toBe('live');
    expect(f.margin).toEqual({ label: 'Margin of Safety', percent: 0 });
    expect(f.status).toBe('On Track');
    expect(f.display.marginPercent).toBe('0.00%');
  });

  it('tracked pitch turns to Revisit when price passes intrinsic', () => {
    const f = trackedPitchFigures(record(), { symbol: 'AAPL', price: 150.3 });
    expect(f.status).toBe('Revisit Investment Idea');
    expect(f.margin?.label).toBe('Premium');
    expect(f.margin?.percent).toBe(0.2);
    expect(f.actual).toEqual({ label: 'Gain', percent: 50.3 });
    expect(f.actualMoic).toBe(1.503);
    expect(f.display.marginPercent).toBe('0.20%');
    expect(f.display.actualMoic).toBe('1.50x');
    expect(f.display.status).toBe('Revisit Investment Idea');
  });

  it('counts a price equal to cost as a gain of zero', () => {
    const f = trackedPitchFigures(record({ market_price: 100 }));
    expect(f.actual).toEqual({ label: 'Gain', percent: 0 });
    expect(f.actualMoic).toBe(1);
    expect(f.display.actualPercent).toBe('0.00%');
    expect(f.display.actualMoic).toBe('1.00x');
  });

  it('shows an expected gain of zero when intrinsic equals cost and an expected loss when below', () => {
    expect(trackedPitchFigures(record({ intrinsic_value_per_share: 100 })).expected).toEqual({
      label: 'Gain',
      percent: 0,
    });
    const below = trackedPitchFigures(record({ intrinsic_value_per_share: 80, market_price: 85 }));
    expect(below.expected).toEqual({ label: 'Loss', percent: -20 });
    expect(below.expectedMoic).toBe(0.8);
    expect(below.display.expectedPercent).toBe('20.00%');
    expect(below.margin).toEqual({ label: 'Premium', percent: 6.25 });
    expect(below.status).toBe('Revisit Investment Idea');
  });

  it('prefers the live quote, ignoring a quote for another symbol or without a usable price', () => {
    expect(trackedPitchFigures(record(), { symbol: 'aapl', price: 120 }).marketPrice).toBe(120);
    expect(trackedPitchFigures(record(), { symbol: 'MSFT', price: 120 }).marketPrice).toBe(90);
    expect(trackedPitchFigures(record(), { symbol: 'AAPL', price: 0 }).marketPriceSource).toBe(
      'stored',
    );
    expect(trackedPitchFigures(record(), { symbol: 'AAPL', price: Number.NaN }).marketPrice).toBe(
      90,
    );
    expect(trackedPitchFigures(record(), null).marketPrice).toBe(90);
  });

  it('shows N/A rather than NaN or Infinity when cost is 0 and no price is known', () => {
    const f = trackedPitchFigures(record({ tracked_market_price: 0, market_price: null }));
    expect(f.costPerShare).toBeNull();
    expect(f.marketPrice).toBeNull();
    expect(f.margin).toBeNull();
    expect(f.actual).toBeNull();
    expect(f.expected).toBeNull();
    expect(f.actualMoic).toBeNull();
    expect(f.expectedMoic).toBeNull();
    expect(f.status).toBeNull();
    expect(f.display).toEqual({
      costPerShare: 'N/A',
      marketPrice: 'N/A',
      intrinsicValuePerShare: '150.00',
      marginLabel: '',
      marginPercent: 'N/A',
      actualLabel: '',
      actualPercent: 'N/A',
      expectedLabel: '',
      expectedPercent: 'N/A',
      actualMoic: 'N/A',
      expectedMoic: 'N/A',
      status: 'N/A',
    });
    const numbers = Object.values(f).filter((v): v is number => typeof v === 'number');
    expect(numbers.every(Number.isFinite)).toBe(true);
  });

  it('shows margin N/A and a full expected loss when intrinsic value is 0', () => {
    const f = trackedPitchFigures(record({ intrinsic_value_per_share: 0 }));
    expect(f.margin).toBeNull();
    expect(f.display.marginPercent).toBe('N/A');
    expect(f.expected).toEqual({ label: 'Loss', percent: -100 });
    expect(f.expectedMoic).toBe(0);
    expect(f.display.expectedMoic).toBe('0.00x');
    expect(f.status).toBe('Revisit Investment Idea');
  });

  it('keeps a negative intrinsic value out of the ratios but still flags Revisit', () => {
    const f = trackedPitchFigures(record({ intrinsic_value_per_share: -5 }));
    expect(f.margin).toBeNull();
    expect(f.expected).toBeNull();
    expect(f.expectedMoic).toBeNull();
    expect(f.display.intrinsicValuePerShare).toBe('-5.00');
    expect(f.status).toBe('Revisit Investment Idea');
  });

  it('shows N/A for intrinsic value when it is missing', () => {
    const f = trackedPitchFigures(record({ intrinsic_value_per_share: undefined }));
    expect(f.display.intrinsicValuePerShare).toBe('N/A');
    expect(f.status).toBeNull();
    expect(f.actual).toEqual({ label: 'Loss', percent: -10 });
  });

  it('reads numeric strings with thousands separators and displays them grouped', () => {
    const f = trackedPitchFigures(
      record({
        tracked_market_price: '1,234.5',
        market_price: '1234.5',
        intrinsic_value_per_share: '2,469',
      }),
    );
    expect(f.costPerShare).toBe(1234.5);
    expect(f.display.costPerShare).toBe('1,234.50');
    expect(f.display.intrinsicValuePerShare).toBe('2,469.00');
    expect(f.expected).toEqual({ label: 'Gain', percent: 100 });
    expect(f.display.expectedMoic).toBe('2.00x');
    expect(f.margin).toEqual({ label: 'Margin of Safety', percent: 50 });
  });

  it('rounds percentages half up to 2 decimals on their decimal value', () => {
    // (100.125 / 100 - 1) x 100 = 0.125 exactly, which shows as 0.13 (float arithmetic gives 0.12499...).
    const f = trackedPitchFigures(record({ market_price: 100.125 }));
    expect(f.actual?.percent).toBe(0.125);
    expect(f.display.actualPercent).toBe('0.13%');
    expect(f.display.marketPrice).toBe('100.13');
  });
});

describe('trackedPitchRows', () => {
  it('computes status per row, not for the table as a whole', () => {
    const rows = trackedPitchRows(
      [
        record({ id: 'a', stock_symbol: 'AAPL', intrinsic_value_per_share: 150 }),
        record({ id: 'b', stock_symbol: 'MSFT', intrinsic_value_per_share: 150 }),
        record({ id: 'c', stock_symbol: 'IBM', intrinsic_value_per_share: 150, market_price: 151 }),
      ],
      [
        { symbol: 'AAPL', price: 140 },
        { symbol: 'msft', price: 160 },
      ],
    );
    expect(rows.map((r) => [r.record.id, r.figures.marketPrice, r.figures.status])).toEqual([
      ['a', 140, 'On Track'],
      ['b', 160, 'Revisit Investment Idea'],
      ['c', 151, 'Revisit Investment Idea'],
    ]);
  });
});
