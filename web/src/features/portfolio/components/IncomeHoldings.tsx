import type { IncomeData, IncomeHolding } from '../../../../../shared/schemas/portfolio-income';
import { formatCents, formatFraction, formatQuantity } from '../returns';
import { TableScroll } from './TableScroll';
import { num, TableHead } from './TableHead';

export const BASIS_TEXT: Record<IncomeHolding['forward_basis'], string> = {
  declared: 'Declared',
  trailing: 'Last 12 months',
  mixed: 'Declared + last 12 months',
  none: '—',
};

function Growth({ growth }: { growth: IncomeHolding['growth'] }) {
  if (growth.kind === 'unavailable')
    return (
      <>
        N/A<span className="figure__reason">{growth.message}</span>
      </>
    );
  return (
    <>
      {formatFraction(growth.rate)} a year
      <span className="figure__reason">
        {growth.from_year}–{growth.to_year}
      </span>
    </>
  );
}

/** Each holding's dividends: received, the next 12 months, yields and five-year growth. */
export function IncomeHoldings({ data }: { data: IncomeData }) {
  if (data.holdings.length === 0)
    return <p className="portfolio-hint">No holdings yet: buy a stock that pays dividends.</p>;
  return (
    <TableScroll label="Dividends by holding">
      <table className="portfolio-table portfolio-table--compact income-holdings">
        <caption>Yields on the next 12 months’ income</caption>
        <TableHead
          columns={[
            'Symbol',
            num('Shares'),
            num('Received'),
            num('Next 12 months'),
            'Based on',
            num('Yield on cost'),
            num('Current yield'),
            num('Dividend growth (5 years)'),
          ]}
        />
        <tbody>
          {data.holdings.map((h) => (
            <tr key={h.symbol} data-testid={`income-${h.symbol}`}>
              <th scope="row" title={h.name}>
                {h.symbol}
              </th>
              <td className="num">{formatQuantity(h.quantity)}</td>
              <td className="num">{formatCents(h.received_cents)}</td>
              <td className="num">{formatCents(h.forward_cents)}</td>
              <td>{BASIS_TEXT[h.forward_basis]}</td>
              <td className="num">{formatFraction(h.yield_on_cost)}</td>
              <td className="num">{formatFraction(h.current_yield)}</td>
              <td className="num">
                <Growth growth={h.growth} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td />
            <td className="num">{formatCents(data.totals.forward_cents)}</td>
            <td />
            <td className="num">{formatFraction(data.totals.yield_on_cost)}</td>
            <td className="num">{formatFraction(data.totals.current_yield)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
