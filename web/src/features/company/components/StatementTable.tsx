import type { CatalogueItem } from '../../../../../shared/company/catalogue';
import { statementTable } from '../../../../../shared/company/figures';
import {
  STATEMENT_FETCH_LIMIT,
  pointCount,
  takePoints,
  type StatementPeriodId,
} from '../../../../../shared/company/periods';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { Loading } from '../../../components/Loading';
import { statementCsv } from '../export';
import { isRowSource, useCompanyRows } from '../api/get-company-rows';

/** Columns a table shows: the statement fetch (10 annual, 42 quarterly) for All, the period's points otherwise. */
export function tableColumns(period: StatementPeriodId, frequency: 'annual' | 'quarter'): number {
  return period === 'All'
    ? STATEMENT_FETCH_LIMIT[frequency]
    : (pointCount(period, frequency) ?? STATEMENT_FETCH_LIMIT[frequency]);
}

/** An income statement, balance sheet or cash-flow statement, newest period first, figures in millions. */
export function StatementTable({
  item,
  symbol,
  period,
  sector,
}: {
  item: CatalogueItem;
  symbol: string;
  period: StatementPeriodId;
  sector: string | null;
}) {
  const frequency = item.frequency === 'annual' ? 'annual' : 'quarter';
  const source = isRowSource(item.source) ? item.source : 'income-statement';
  const query = useCompanyRows(source, symbol, frequency);
  const title = `${item.title} (${period})`;

  let body;
  let exportButton = null;
  if (query.isPending) body = <Loading label="Loading statement…" />;
  else if (query.isError)
    body = (
      <p className="notice notice--error">The statement could not be loaded. Please try again.</p>
    );
  else if (query.data.length === 0) body = <p className="company-empty">No statements reported.</p>;
  else {
    const rows = takePoints(query.data, tableColumns(period, frequency));
    const table = statementTable(item.statement ?? 'income', frequency, rows, sector);
    const csv = statementCsv(item.statement ?? 'income', frequency, rows, sector);
    exportButton = (
      <ExportCsvButton what={`${symbol} ${title}`} columns={csv.columns} rows={csv.rows} />
    );
    body = (
      <div className="statement-table__scroll" tabIndex={0} aria-label={`${title}, scrollable`}>
        <table className="statement-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              {table.columns.map((c) => (
                <th key={c.date} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.field} className={row.emphasis ? 'statement-table__total' : undefined}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, i) => (
                  <td key={table.columns[i]?.date ?? i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section className="company-panel" aria-label={title}>
      <div className="company-panel__head">
        <h3 className="company-panel__title">{title}</h3>
        {exportButton}
      </div>
      {body}
    </section>
  );
}
