import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';

export const CAUSES = ['Solve Hunger', 'Educate and Empower', 'Provide Shelter'] as const;

/** The three causes; each opens the "Coming Soon !" popup. */
export function CauseButtons() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <div className="causes__buttons">
        {CAUSES.map((cause) => (
          <button
            key={cause}
            type="button"
            className="button"
            aria-haspopup="dialog"
            onClick={() => setOpen(cause)}
          >
            {cause}
          </button>
        ))}
      </div>
      {open ? (
        <Dialog title="Coming Soon !" onClose={() => setOpen(null)}>
          <p>{open} is on its way. Soon you will be able to support it through Mr. Market.</p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={() => setOpen(null)}>
              OK
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
