import { formatDisplayDate } from '../../../../../shared/format/dates';
import type { SavedScreener } from '../../../../../shared/schemas/watchlist';
import { Loading } from '../../../components/Loading';
import { useSavedScreeners } from '../api/screener-api';
import { describeFilters } from '../filter-rows';

interface SavedScreenersProps {
  onEdit: (screener: SavedScreener) => void;
  onDelete: (screener: SavedScreener) => void;
  onApply: (screener: SavedScreener) => void;
  onBack: () => void;
  deleting: string | null;
}

/** Show Saved Screeners: the user's screeners, newest first, with Edit, Delete and Apply. */
export function SavedScreeners({
  onEdit,
  onDelete,
  onApply,
  onBack,
  deleting,
}: SavedScreenersProps) {
  const saved = useSavedScreeners();
  let body;
  if (saved.isPending) body = <Loading label="Loading your screeners…" />;
  else if (saved.isError)
    body = (
      <p className="screener-error" role="alert">
        Your saved screeners could not be loaded. Please try again.
      </p>
    );
  else if (saved.data.length === 0)
    body = (
      <p className="screener-muted">You have no saved screeners yet. Save one from the filters.</p>
    );
  else
    body = (
      <ul className="screener-saved__list">
        {saved.data.map((s) => (
          <li key={s.id} className="screener-saved__item" aria-label={s.name}>
            <div>
              <p className="screener-saved__name">{s.name}</p>
              <p className="screener-muted">
                {describeFilters(s.filters)} · Saved {formatDisplayDate(s.updatedAt)}
              </p>
            </div>
            <div className="screener-saved__actions">
              <button type="button" className="button button--ghost" onClick={() => onEdit(s)}>
                Edit
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={deleting === s.id}
                onClick={() => onDelete(s)}
              >
                Delete
              </button>
              <button type="button" className="button button--primary" onClick={() => onApply(s)}>
                Apply
              </button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="screener-saved" aria-label="Saved Screeners">
      <h2 className="screener-form__title">Saved Screeners</h2>
      {body}
      <button type="button" className="screener-link" onClick={onBack}>
        Back
      </button>
    </section>
  );
}
