import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { ImportWizard } from './ImportWizard';

/** "Import CSV": the import wizard in a dialog. */
export function ImportDialog({ portfolioId }: { portfolioId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Import CSV
      </button>
      {open && (
        <Dialog title="Import transactions from CSV" onClose={() => setOpen(false)}>
          <div className="import-dialog">
            <ImportWizard portfolioId={portfolioId} onClose={() => setOpen(false)} />
          </div>
        </Dialog>
      )}
    </>
  );
}
