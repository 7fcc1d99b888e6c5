import type { CsvColumn } from '../../../../shared/csv';
import type { StatementKind } from '../../../../shared/company/catalogue';
import {
  statementColumnLabel,
  statementRows,
  type StatementCellFormat,
  type StatementRowDef,
  type StatementRowMeta,
} from '../../../../shared/company/figures';

const UNITS: Record<StatementCellFormat, string> = {
  millions: 'USD',
  perShare: 'USD per share',
  percent: 'fraction',
};

type StatementData = StatementRowMeta & Record<string, unknown>;

/**
 * A statement as a CSV file laid out as on screen (one line per item, one column per period,
 * newest first), with the provider's figures as reported: whole dollars, not millions.
 */
export function statementCsv(
  kind: StatementKind,
  frequency: 'annual' | 'quarter',
  data: readonly StatementData[],
  sector: string | null,
): { columns: CsvColumn<StatementRowDef>[]; rows: StatementRowDef[] } {
  const newestFirst = [...data].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return {
    columns: [
      { header: 'Item', value: (def) => def.label },
      { header: 'Unit', value: (def) => UNITS[def.format] },
      ...newestFirst.map((period) => ({
        header: `${statementColumnLabel(period, frequency)} (${period.date})`,
        value: (def: StatementRowDef) => {
          const v = period[def.field];
          return typeof v === 'number' ? v : null;
        },
      })),
    ],
    rows: statementRows(kind, sector),
  };
}
