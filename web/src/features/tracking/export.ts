import type { CsvColumn } from '../../../../shared/csv';
import { valuationTypeName } from '../../../../shared/domain/valuation-types';
import type { TrackedPitchRow } from '../../../../shared/schemas/valuation-api';
import type { TrackedPitchFigures } from '../../../../shared/tracking/figures';

export interface TrackedExportRow {
  record: TrackedPitchRow;
  figures: TrackedPitchFigures;
}

/** My Tracked Pitches as a CSV file: the table's figures, unformatted, signed as computed. */
export const TRACKED_CSV_COLUMNS: CsvColumn<TrackedExportRow>[] = [
  { header: 'Symbol', value: (r) => r.record.stock_symbol },
  { header: 'Company Name', value: (r) => r.record.stock_name },
  { header: 'Methodology', value: (r) => valuationTypeName(r.record.valuation_type_id) },
  { header: 'Tracked At', value: (r) => r.record.trackedAt },
  { header: 'Cost Per Share', value: (r) => r.figures.costPerShare },
  { header: 'Market Price', value: (r) => r.figures.marketPrice },
  { header: 'Market Price Source', value: (r) => r.figures.marketPriceSource },
  { header: 'Intrinsic Value Per Share', value: (r) => r.figures.intrinsicValuePerShare },
  { header: 'Margin Label', value: (r) => r.figures.margin?.label },
  { header: 'Margin (%)', value: (r) => r.figures.margin?.percent },
  { header: 'Actual Gain (%)', value: (r) => r.figures.actual?.percent },
  { header: 'Expected Gain (%)', value: (r) => r.figures.expected?.percent },
  { header: 'Actual MOIC', value: (r) => r.figures.actualMoic },
  { header: 'Expected MOIC', value: (r) => r.figures.expectedMoic },
  { header: 'Status', value: (r) => r.figures.status },
  { header: 'Holding Period (years)', value: (r) => r.record.holding_period },
  { header: 'IRR At Tracking (%)', value: (r) => r.record.tracked_irr },
  { header: 'MOIC At Tracking', value: (r) => r.record.tracked_moic },
];
