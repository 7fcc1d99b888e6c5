import type { CsvColumn } from '../../../../shared/csv';
import { valuationTypeName } from '../../../../shared/domain/valuation-types';
import type { ValuationRecord } from '../../../../shared/schemas/valuation-api';
import type { PitchFigures } from './figures';

export interface PitchExportRow {
  record: ValuationRecord;
  figures: PitchFigures;
}

const STATUS = { 0: 'Saved', 1: 'Pitched', 2: 'Tracked' } as const;

/** My Pitches as a CSV file: one row per pitch, figures at the price the list shows. */
export const PITCH_CSV_COLUMNS: CsvColumn<PitchExportRow>[] = [
  { header: 'Symbol', value: (r) => r.record.stock_symbol },
  { header: 'Company Name', value: (r) => r.record.stock_name },
  { header: 'Methodology', value: (r) => valuationTypeName(r.record.valuation_type_id) },
  { header: 'Status', value: (r) => STATUS[r.record.pitch_status] },
  { header: 'Market Price', value: (r) => r.figures.marketPrice },
  { header: 'Market Price Source', value: (r) => (r.figures.live ? 'live' : 'saved') },
  { header: 'Intrinsic Value Per Share', value: (r) => r.figures.intrinsicValuePerShare },
  { header: 'Margin Label', value: (r) => r.figures.marginLabel },
  { header: 'Margin (%)', value: (r) => r.figures.marginPercent },
  { header: 'Expected Gain (%)', value: (r) => r.figures.expectedGainPercent },
  { header: 'IRR (%)', value: (r) => r.figures.irrPercent },
  { header: 'MOIC', value: (r) => r.figures.moic },
  { header: 'Holding Period (years)', value: (r) => r.record.holding_period },
  { header: 'Forward Multiple', value: (r) => r.record.forward_multiple },
  { header: 'Price At Save', value: (r) => r.record.market_price },
  { header: 'Moats', value: (r) => r.record.moats.join('; ') },
  { header: 'Comment', value: (r) => r.record.comment },
  { header: 'Created At', value: (r) => r.record.createdAt },
  { header: 'Updated At', value: (r) => r.record.updatedAt },
  // DCF inputs and its own outputs (empty for the multiples models; decision 127).
  { header: 'Free Cash Flow Per Share', value: (r) => r.record.free_cash_flow_per_share },
  { header: 'Stage One Growth (%)', value: (r) => r.record.stage_one_growth },
  { header: 'Stage One Years', value: (r) => r.record.stage_one_years },
  { header: 'Terminal Growth (%)', value: (r) => r.record.terminal_growth },
  { header: 'Discount Rate (%)', value: (r) => r.record.discount_rate },
  { header: 'PV Of Stage One', value: (r) => r.record.pv_stage_one },
  { header: 'PV Of Terminal Value', value: (r) => r.record.pv_terminal_value },
  { header: 'Terminal Value Share (%)', value: (r) => r.record.terminal_value_share },
  { header: 'Implied Growth (%)', value: (r) => r.record.implied_growth },
];
