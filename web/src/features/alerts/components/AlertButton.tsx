import { useState } from 'react';
import { AlertDialog, type AlertTarget } from './AlertDialog';

/** A small "Alert me" button that opens the alert dialog for one stock (or pitch). */
export function AlertButton({ target }: { target: AlertTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost alert-button"
        aria-label={`Alert me about ${target.symbol}`}
        onClick={() => setOpen(true)}
      >
        Alert me
      </button>
      {open && <AlertDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}
