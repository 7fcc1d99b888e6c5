import { describe, expect, it } from 'vitest';
import { valuationInputSchema, valuationPayloadSchema } from './schemas';

const pe = {
  valuation_type_id: 1,
  stock_symbol: 'aapl',
  stock_name: 'Apple Inc.',
  earnings_per_share: 6.08,
  growth_ratein_eps: 8,
  forward_multiple: 25,
  market_price: 190.5,
  holding_period: 3,
  moats: ['Brand(s)', 'High Switching Costs'],
  comment: 'Services keep growing.',
};

const ev = {
  valuation_type_id: 4,
  stock_symbol: 'MSFT',
  ebitda: 125_820,
  ebitda_growth: 10,
  forward_multiple: 20,
  debt: 97_852,
  cash_and_cash_equivalents: 18_315,
  shares_outstanding: 7_469,
  market_price: 420,
  holding_period: 5,
};

function messages(input: unknown): string[] {
  const parsed = valuationInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('valuation input schema', () => {
  it('accepts a P/E valuation and normalises the symbol', () => {
    const parsed = valuationInputSchema.parse(pe);
    expect(parsed.valuation_type_id).toBe(1);
    expect(parsed.stock_symbol).toBe('AAPL');
  });

  it('accepts an EV/EBITDA valuation with no moats or comment, defaulting them to empty', () => {
    const parsed = valuationInputSchema.parse(ev);
    expect(parsed).toMatchObject({ moats: [], comment: '' });
  });

  it('accepts a fractional hold period', () => {
    expect(messages({ ...pe, holding_period: 0.25 })).toEqual([]);
  });

  it('refuses a negative hold period', () => {
    expect(messages({ ...pe, holding_period: -1 })).toEqual(['Enter a hold period above 0 years']);
  });

  it('refuses a hold period of 0 (no IRR)', () => {
    expect(messages({ ...pe, holding_period: 0 })).toEqual(['Enter a hold period above 0 years']);
  });

  it('refuses a hold period above 100 years', () => {
    expect(messages({ ...pe, holding_period: 101 })).toEqual(['Hold Period can be at most 100']);
  });

  it('refuses non-finite numbers', () => {
    expect(messages({ ...pe, forward_multiple: Number.POSITIVE_INFINITY })).toEqual([
      'Enter a number for Forward P/E Multiple',
    ]);
    expect(messages({ ...pe, growth_ratein_eps: Number.NaN })).toEqual([
      'Enter a number for Growth Rate In EPS',
    ]);
  });

  it('refuses a number sent as text', () => {
    expect(messages({ ...pe, market_price: '190.5' })).toEqual(['Enter a number for Market Price']);
  });

  it('refuses a zero or negative base figure with the try-another-model wording', () => {
    expect(messages({ ...pe, earnings_per_share: 0 })).toEqual([
      'Enter positive number or try another model',
    ]);
    expect(messages({ ...ev, ebitda: -5 })).toEqual(['Enter positive number or try another model']);
  });

  it('refuses growth below -100% and absurdly large figures', () => {
    expect(messages({ ...pe, growth_ratein_eps: -101 })).toEqual([
      'A growth rate cannot be below -100%',
    ]);
    expect(messages({ ...pe, growth_ratein_eps: 1e308 })).toEqual([
      'Growth Rate In EPS can be at most 10,000%',
    ]);
    expect(messages({ ...pe, earnings_per_share: 1e300 })).toEqual([
      'Earnings Per Share can be at most 1,000,000,000',
    ]);
  });

  it('refuses a market price of 0', () => {
    expect(messages({ ...pe, market_price: 0 })).toEqual([
      'A market price above 0 is needed to compare with intrinsic value',
    ]);
  });

  it('refuses negative debt and zero shares', () => {
    expect(messages({ ...ev, debt: -1 })).toEqual(['Debt cannot be negative']);
    expect(messages({ ...ev, shares_outstanding: 0 })).toEqual([
      'Enter shares outstanding above 0',
    ]);
  });

  it('refuses a 10,000-character comment, accepts 2,000', () => {
    expect(messages({ ...pe, comment: 'x'.repeat(10_000) })).toEqual([
      'Keep the comment to 2,000 characters or fewer',
    ]);
    expect(messages({ ...pe, comment: 'x'.repeat(2000) })).toEqual([]);
  });

  it('refuses a moat outside the list and a moat chosen twice', () => {
    expect(messages({ ...pe, moats: ['Monopoly'] })).toEqual(['Choose moats from the list']);
    expect(messages({ ...pe, moats: ['Patents', 'Patents'] })).toEqual([
      'Each moat can be chosen once',
    ]);
  });

  it('refuses an unknown methodology', () => {
    expect(messages({ ...pe, valuation_type_id: 6 })).toEqual([
      'Choose a valuation methodology (1 P/E, 2 P/B, 3 P/S, 4 EV/EBITDA, 5 DCF)',
    ]);
  });

  it('requires the fields of the chosen methodology (a P/B without book value)', () => {
    const { earnings_per_share: _eps, growth_ratein_eps: _g, ...rest } = pe;
    const result = valuationInputSchema.safeParse({
      ...rest,
      valuation_type_id: 2,
      growth_in_bookvalue: 3,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['book_value_per_share']);
  });
});

describe('valuation payload schema (assumptions plus outputs)', () => {
  it('requires the outputs of the methodology', () => {
    const result = valuationPayloadSchema.safeParse(ev);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(
      [
        'cumulative_loss',
        'ebitda_at_endof_hold',
        'enterprise_value',
        'intrinsic_value_of_business',
        'intrinsic_value_per_share',
        'irr',
        'moic',
        'premium',
      ].sort(),
    );
  });
});
