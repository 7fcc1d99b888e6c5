import { useState } from 'react';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { formatPrice } from '../../../../../shared/format/money';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { Loading } from '../../../components/Loading';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { cancelOrder, usePortfolioHoldings, useReloadPortfolios } from '../api/portfolio-api';
import { HOLDINGS_CSV_COLUMNS, TRANSACTIONS_CSV_COLUMNS } from '../export';
import { formatCents, formatQuantity, formatReturn, formatUsd, returnNote } from '../returns';
import { TableScroll } from './TableScroll';
import { num, TableHead } from './TableHead';

const RECENT = 10;

/** Holdings at the latest quotes, cash, NAV, IRR and benchmark, open orders and recent trades. */
export function HoldingsPanel({ portfolioId }: { portfolioId: string }) {
  const query = usePortfolioHoldings(portfolioId);
  const reload = useReloadPortfolios();
  const toast = useToast();
  const [cancelling, setCancelling] = useState<string | null>(null);

  if (query.isPending) return <Loading label="Loading holdings…" />;
  if (query.isError)
    return (
      <p className="notice notice--error">The holdings could not be loaded. Please try again.</p>
    );
  const { portfolio, holdings, open_orders, transactions } = query.data;

  const cancel = async (orderId: string) => {
    setCancelling(orderId);
    try {
      const res = await cancelOrder(portfolioId, orderId);
      toast.success(res.message);
      await reload();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The order could not be cancelled.');
    } finally {
      setCancelling(null);
    }
  };

  return (
    <section className="portfolio-holdings" aria-label="Holdings">
      <dl className="portfolio-summary">
        <div>
          <dt>Net Asset Value</dt>
          <dd data-testid="holdings-nav">
            {portfolio.net_asset_value === null
              ? 'unavailable'
              : formatUsd(portfolio.net_asset_value)}
          </dd>
        </div>
        <div>
          <dt>Cash</dt>
          <dd data-testid="holdings-cash">{formatCents(portfolio.cash_cents)}</dd>
        </div>
        {portfolio.reserved_cents > 0 && (
          <div>
            <dt>Reserved for open orders</dt>
            <dd>{formatCents(portfolio.reserved_cents)}</dd>
          </div>
        )}
        <div>
          <dt>IRR since inception</dt>
          <dd title={returnNote(portfolio.irr)}>{formatReturn(portfolio.irr)}</dd>
        </div>
        <div>
          <dt>{portfolio.benchmark.name} (benchmark)</dt>
          <dd title={returnNote(portfolio.benchmark)}>{formatReturn(portfolio.benchmark)}</dd>
        </div>
      </dl>

      <div className="portfolio-holdings__head">
        <h2>Holdings</h2>
        {holdings.length > 0 && (
          <ExportCsvButton
            what={`${portfolio.portfolio_name} Holdings`}
            columns={HOLDINGS_CSV_COLUMNS}
            rows={holdings}
          />
        )}
      </div>
      {holdings.length === 0 ? (
        <p className="portfolio-empty">No holdings yet.</p>
      ) : (
        <TableScroll label="Stocks held">
          <table className="portfolio-table portfolio-table--compact">
            <TableHead
              columns={[
                'Symbol',
                num('Quantity'),
                num('Cost'),
                num('Price'),
                num('Value'),
                num('Gain'),
              ]}
            />
            <tbody>
              {holdings.map((h) => (
                <tr key={h.symbol}>
                  <th scope="row">{h.symbol}</th>
                  <td className="num">{formatQuantity(h.quantity)}</td>
                  <td
                    className="num"
                    title={`Average ${formatPrice(h.average_price, 'USD')} a share`}
                  >
                    {formatCents(h.cost_cents)}
                  </td>
                  <td className="num">{formatUsd(h.price)}</td>
                  <td className="num">{formatCents(h.value_cents)}</td>
                  <td
                    className={`num ${h.gain_cents !== null && h.gain_cents < 0 ? 'is-loss' : 'is-gain'}`}
                  >
                    {formatCents(h.gain_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2>Open orders</h2>
      {open_orders.length === 0 ? (
        <p className="portfolio-empty">No open orders.</p>
      ) : (
        <ul className="portfolio-orders">
          {open_orders.map((o) => (
            <li key={o.order_id}>
              <span>
                Limit {o.side} {formatQuantity(o.quantity)} {o.symbol} at {formatUsd(o.limit_price)}
              </span>
              <button
                type="button"
                className="button button--ghost"
                disabled={cancelling === o.order_id}
                aria-label={`Cancel the ${o.side} order for ${o.symbol}`}
                onClick={() => void cancel(o.order_id)}
              >
                Cancel
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className="portfolio-holdings__head">
        <h2>Recent transactions</h2>
        {transactions.length > 0 && (
          <ExportCsvButton
            what={`${portfolio.portfolio_name} Transactions`}
            columns={TRANSACTIONS_CSV_COLUMNS}
            rows={transactions}
          />
        )}
      </div>
      {transactions.length === 0 ? (
        <p className="portfolio-empty">No transactions yet.</p>
      ) : (
        <TableScroll label="Recent transactions">
          <table className="portfolio-table portfolio-table--compact">
            <TableHead
              columns={['Time', 'Side', 'Symbol', num('Quantity'), num('Price'), num('Value')]}
            />
            <tbody>
              {transactions.slice(0, RECENT).map((t) => (
                <tr key={t.transaction_id}>
                  <td>{formatDisplayDate(t.time, { withTime: true })}</td>
                  <td>{t.side === 'buy' ? 'Buy' : 'Sell'}</td>
                  <td>{t.symbol}</td>
                  <td className="num">{formatQuantity(t.quantity)}</td>
                  <td className="num">{formatUsd(t.price)}</td>
                  <td className="num">{formatCents(t.value_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
