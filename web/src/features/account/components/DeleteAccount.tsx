import { useState } from 'react';
import { TOASTS } from '../../../../../shared/schemas/account';
import { Dialog } from '../../../components/Dialog';
import { signOutEverywhere } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { TOAST_DURATION_MS, useToast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/account-mutations';

/** Delete account, with a confirmation step; afterwards the user lands on /login. */
export function DeleteAccount() {
  const toast = useToast();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  const onConfirm = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      toast.success(TOASTS.accountDeleted);
      window.setTimeout(() => void signOutEverywhere(paths.login), TOAST_DURATION_MS);
    } catch {
      toast.error(TOASTS.deleteFailure);
    }
  };

  return (
    <section className="account-danger" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete account</h2>
      <p>
        Deleting your account removes your profile, photo, pitches, watchlist and portfolios. It
        cannot be undone.
      </p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        Delete Account
      </button>
      {confirming && (
        <Dialog title="Delete your account?" onClose={() => setConfirming(false)}>
          <p>Everything you keep in Mr. Market will be deleted. This cannot be undone.</p>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => void onConfirm()}
              disabled={remove.isPending}
            >
              Yes, delete my account
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
