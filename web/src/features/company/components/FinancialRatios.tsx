import { RATIO_GROUPS, statementColumnLabel } from '../../../../../shared/company/figures';
import { takePoints, type StatementPeriodId } from '../../../../../shared/company/periods';
import { formatValue } from '../../../../../shared/format/money';
import { Loading } from '../../../components/Loading';
import { useCompanyRows } from '../api/get-company-rows';
import { tableColumns } from './StatementTable';

/** The Financial Ratios panel: liquidity, profitability, debt, operating performance, cash flow and valuation ratios by fiscal year. */
export function FinancialRatios({ symbol, period }: { symbol: string; period: StatementPeriodId }) {
  const query = useCompanyRows('ratios', symbol, 'annual');
  const title = `Financial Ratios (${period})`;
  let body;
  if (query.isPending) body = <Loading label="Loading ratios…" />;
  else if (query.isError)
    body = (
      <p className="notice notice--error">The ratios could not be loaded. Please try again.</p>
    );
  else if (query.data.length === 0) body = <p className="company-empty">No ratios reported.</p>;
  else {
    const rows = takePoints(query.data, tableColumns(period, 'annual')).reverse();
    body = (
      <div className="statement-table__scroll" tabIndex={0} aria-label={`${title}, scrollable`}>
        <table className="statement-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Ratio</th>
              {rows.map((r) => (
                <th key={r.date} scope="col">
                  {statementColumnLabel(r, 'annual')}
                </th>
              ))}
            </tr>
          </thead>
          {RATIO_GROUPS.map((group) => (
            <tbody key={group.id}>
              <tr className="statement-table__group">
                <th scope="colgroup" colSpan={rows.length + 1}>
                  {group.title}
                </th>
              </tr>
              {group.fields.map((f) => (
                <tr key={f.field}>
                  <th scope="row">{f.label}</th>
                  {rows.map((r) => (
                    <td key={r.date}>
                      {formatValue(
                        typeof r[f.field] === 'number' ? (r[f.field] as number) : null,
                        f.format,
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    );
  }
  return (
    <section className="company-panel" aria-label={title}>
      <h3 className="company-panel__title">{title}</h3>
      {body}
    </section>
  );
}
