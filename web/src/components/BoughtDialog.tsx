import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { Dialog } from './Dialog';

/** A Buy's confirmation: what was bought into which portfolio, with Go to Portfolio (the spec's control). */
export function BoughtDialog({
  what,
  portfolio,
  onClose,
}: {
  what: string;
  portfolio: string;
  onClose: () => void;
}) {
  return (
    <Dialog title={`Bought ${what}`} onClose={onClose}>
      <p role="status">
        {what} was bought into {portfolio}.
      </p>
      <div className="dialog__actions">
        <Link to={paths.portfolio} className="button button--primary">
          Go to Portfolio
        </Link>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
