import { useState } from 'react';
import { PORTFOLIO_MESSAGES, type PortfolioRow } from '../../../../../shared/schemas/portfolio-api';
import { Dialog } from '../../../components/Dialog';
import { useToast } from '../../../lib/toast';
import { deletePortfolio } from '../api/portfolio-api';

export const DELETE_FAILED = 'Deleted unsuccessfully!';

/** Asks before deleting a portfolio with its holdings, transactions and open orders. */
export function DeleteDialog({
  row,
  onClose,
  onDeleted,
}: {
  row: PortfolioRow;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deletePortfolio(row.portfolio_id);
      toast.success(PORTFOLIO_MESSAGES.deleted);
      onDeleted(row.portfolio_id);
      onClose();
    } catch {
      toast.error(DELETE_FAILED);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Delete Portfolio" onClose={onClose}>
      <p>
        Delete <strong>{row.portfolio_name}</strong>? Its holdings, transactions and open orders are
        deleted with it.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary portfolio-danger"
          disabled={busy}
          onClick={() => void confirm()}
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}
