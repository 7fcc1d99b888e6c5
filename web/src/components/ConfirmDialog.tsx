import { useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  /** The question, naming what goes: "Delete the pitch Apple Inc. (AAPL)?" */
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  /** The confirming button's text: "Delete pitch". */
  confirmLabel: string;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/**
 * The one confirmation of a destructive action: the question names what goes, Cancel is first
 * (and takes the focus), the confirming button is red and busy until the action has run. The
 * dialog closes itself when the action is done; a failure leaves it to the caller's toast.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * State for a list whose rows each ask before a destructive action: `ask(row)` opens the
 * dialog for that row, `dialog(render)` renders it while one is asked about.
 */
export function useConfirm<T>() {
  const [asked, setAsked] = useState<T | null>(null);
  return {
    asked,
    ask: (item: T) => setAsked(item),
    close: () => setAsked(null),
  };
}
