import { Link } from 'react-router-dom';
import { ConfirmDialog, useConfirm } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import '../alerts.css';
import { useAlerts, useDeleteAlert } from '../api/alerts-api';

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

/** My Alerts: every rule, what it waits for, whether it fired, and Remove. */
export function AlertsPage() {
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const toast = useToast();
  // An alert is removed only once the user confirms, in a dialog naming it.
  const removing = useConfirm<{ alert_id: string; stock_symbol: string; description: string }>();

  return (
    <Page title="My Alerts">
      {alerts.isPending && <Loading />}
      {alerts.isError && <p role="alert">Your alerts could not be loaded. Please try again.</p>}
      {alerts.data && alerts.data.data.length === 0 && (
        <p>
          No alerts yet. Use “Alert me” on a tracked pitch or a watchlist row to be emailed when a
          stock reaches your intrinsic value, a margin of safety or a price.
        </p>
      )}
      {alerts.data && alerts.data.data.length > 0 && (
        <>
          <p>
            {alerts.data.data.length} of {alerts.data.limit} alerts
          </p>
          <table className="alerts-table">
            <thead>
              <tr>
                <th scope="col">Stock</th>
                <th scope="col">Alert when</th>
                <th scope="col">Fires at</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="alerts-table__label">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.data.data.map((a) => (
                <tr key={a.alert_id}>
                  <td>
                    {a.valuation_id ? (
                      <Link to={paths.savedValuation(a.valuation_id)}>{a.stock_symbol}</Link>
                    ) : (
                      a.stock_symbol
                    )}
                  </td>
                  <td>{a.description}</td>
                  <td>{money(a.trigger_price)}</td>
                  <td>{a.state === 'triggered' ? 'Sent' : 'Waiting'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Remove the alert: ${a.description}`}
                      disabled={remove.isPending}
                      onClick={() => removing.ask(a)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {removing.asked && (
        <ConfirmDialog
          title={`Remove the alert on ${removing.asked.stock_symbol}?`}
          confirmLabel="Remove alert"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.asked!.alert_id);
              toast.success('Alert removed');
            } catch {
              toast.error('The alert could not be removed');
            }
          }}
          onClose={removing.close}
        >
          <p>
            “{removing.asked.description}”: no email is sent for it any more. You can set it again
            from the pitch or the watchlist.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
