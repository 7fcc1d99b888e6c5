import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../../../shared/csv';
import type { ValuationRecord } from '../../../../shared/schemas/valuation-api';
import { computeValuation, toStoredOutputs, type DCFInput } from '../../../../shared/valuation';
import { PITCH_CSV_COLUMNS } from './export';
import { pitchFigures } from './figures';

describe('My Pitches CSV', () => {
  it('includes a DCF pitch with its inputs and its own outputs', () => {
    const input: DCFInput = {
      valuation_type_id: 5,
      free_cash_flow_per_share: 1,
      stage_one_growth: 10,
      stage_one_years: 2,
      terminal_growth: 2,
      discount_rate: 10,
      market_price: 10,
      holding_period: 1,
    };
    const result = computeValuation(input);
    if (!result.ok) throw new Error(result.message);
    const record = {
      ...input,
      ...toStoredOutputs(result),
      implied_growth: 1.5,
      id: 'd1',
      valuation_id: 'd1',
      stock_symbol: 'MSFT',
      stock_name: 'Microsoft',
      tracked_market_price: 10,
      moats: [],
      comment: '',
      pitch_status: 1,
      valuation_output_id: 'o1',
      ignored: false,
      bought_into: [],
      createdAt: 'x',
      updatedAt: 'x',
    } as ValuationRecord;
    const [header, row] = parseCsv(
      toCsv(PITCH_CSV_COLUMNS, [{ record, figures: pitchFigures(record) }]).replace(/^\ufeff/, ''),
    );
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Methodology')).toBe('DCF');
    expect(cell('Free Cash Flow Per Share')).toBe('1');
    expect(cell('Stage One Growth (%)')).toBe('10');
    expect(cell('Stage One Years')).toBe('2');
    expect(cell('Terminal Growth (%)')).toBe('2');
    expect(cell('Discount Rate (%)')).toBe('10');
    // IV 14.75 = PV1 2 + PVTV 12.75 (worked in shared/valuation/dcf.test.ts).
    expect(cell('Intrinsic Value Per Share')).toBe('14.75');
    expect(cell('PV Of Stage One')).toBe('2');
    expect(cell('PV Of Terminal Value')).toBe('12.75');
    expect(cell('Implied Growth (%)')).toBe('1.5');
    expect(cell('Forward Multiple')).toBe('');
  });
});
