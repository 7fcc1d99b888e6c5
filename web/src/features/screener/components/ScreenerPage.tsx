import { useState, type FormEvent } from 'react';
import type { SavedScreener } from '../../../../../shared/schemas/watchlist';
import { screenerName } from '../../../../../shared/schemas/watchlist';
import type { ScreenerColumn, ScreenerFilters } from '../../../../../shared/screener';
import { ConfirmDialog, useConfirm } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { useToast } from '../../../lib/toast';
import {
  useDeleteScreener,
  useSaveScreener,
  useScreen,
  type ScreenQuery,
} from '../api/screener-api';
import { defaultRows, rowsFromFilters, type FilterRow } from '../filter-rows';
import { FilterForm } from './FilterForm';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { allScreenRows, SCREENER_CSV_COLUMNS } from '../export';
import { SavedScreeners } from './SavedScreeners';
import { ScreenerPanel } from './ScreenerPanel';
import { firstOrder, ScreenerResults, type ResultTab } from './ScreenerResults';
import '../screener.css';

/** The Screener page: filters, results over the whole universe, saved screeners, company search. */
export function ScreenerPage() {
  const toast = useToast();
  const [rows, setRows] = useState<FilterRow[]>(defaultRows);
  const [query, setQuery] = useState<ScreenQuery | null>(null);
  const [tab, setTab] = useState<ResultTab>('general');
  const [view, setView] = useState<'filters' | 'saved'>('filters');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [saving, setSaving] = useState<ScreenerFilters | null>(null);
  const screen = useScreen(query);
  const save = useSaveScreener();
  const remove = useDeleteScreener();

  const run = (filters: ScreenerFilters) => {
    const next: ScreenQuery = {
      filters,
      sort: query?.sort ?? 'marketCap',
      order: query?.order ?? 'desc',
      page: 1,
    };
    // Screening again with the same filters asks again: the stocks may have moved since.
    if (query && JSON.stringify(next) === JSON.stringify(query)) void screen.refetch();
    else setQuery(next);
  };

  const onSort = (column: ScreenerColumn) =>
    setQuery((q) =>
      q
        ? {
            ...q,
            sort: column,
            order: q.sort === column ? (q.order === 'asc' ? 'desc' : 'asc') : firstOrder(column),
            page: 1,
          }
        : q,
    );

  const onApply = (s: SavedScreener) => {
    setRows(rowsFromFilters(s.filters));
    setEditing(null);
    setView('filters');
    run(s.filters);
  };

  const onEdit = (s: SavedScreener) => {
    setRows(rowsFromFilters(s.filters));
    setEditing({ id: s.id, name: s.name });
    setView('filters');
  };

  // A saved screen is deleted only once the user confirms, in a dialog naming it.
  const deleting = useConfirm<SavedScreener>();
  const onDelete = async (s: SavedScreener) => {
    try {
      await remove.mutateAsync(s.id);
      toast.success('Screener deleted');
      setEditing((e) => (e?.id === s.id ? null : e));
    } catch (error) {
      toast.error((error as Error).message || 'Error Deleting');
    }
  };

  const onSaveNamed = (name: string) => {
    if (!saving) return;
    save.mutate(
      { ...(editing ? { id: editing.id } : {}), name, filters: saving },
      {
        onSuccess: (saved) => {
          toast.success('Screener saved');
          setSaving(null);
          if (editing) setEditing({ id: saved.id, name: saved.name });
        },
        onError: (error) => toast.error(error.message || 'Error Saving'),
      },
    );
  };

  let results;
  if (!query)
    results = (
      <p className="screener-empty">
        Choose your filters and press Screen for Stocks to list the matching stocks.
      </p>
    );
  else if (screen.isPending) results = <Loading label="Screening stocks…" />;
  else if (screen.isError)
    results = (
      <div className="notice notice--error" role="alert">
        <p>{screen.error.message || 'The screen could not be run. Please try again.'}</p>
      </div>
    );
  else
    results = (
      <ScreenerResults
        result={screen.data}
        tab={tab}
        onTab={setTab}
        onSort={onSort}
        onPage={(page) => setQuery((q) => (q ? { ...q, page } : q))}
        loading={screen.isFetching}
        tools={
          query && screen.data.total > 0 ? (
            <ExportCsvButton
              what="Screener Results"
              columns={SCREENER_CSV_COLUMNS}
              rows={() => allScreenRows(query)}
            />
          ) : null
        }
      />
    );

  return (
    <Page title="Screener" className="screener-page">
      <div className="screener-layout">
        <div className="screener-main">
          {view === 'filters' ? (
            <FilterForm
              rows={rows}
              onRows={setRows}
              industries={screen.data?.industries ?? []}
              onScreen={run}
              onSave={setSaving}
              onShowSaved={() => setView('saved')}
              editing={editing?.name ?? null}
              busy={screen.isFetching}
            />
          ) : (
            <SavedScreeners
              onEdit={onEdit}
              onDelete={deleting.ask}
              onApply={onApply}
              onBack={() => setView('filters')}
              deleting={remove.isPending ? (remove.variables ?? null) : null}
            />
          )}
          {results}
        </div>
        <ScreenerPanel />
      </div>
      {saving && (
        <SaveDialog
          initial={editing?.name ?? ''}
          editing={editing !== null}
          busy={save.isPending}
          onSave={onSaveNamed}
          onClose={() => setSaving(null)}
        />
      )}
      {deleting.asked && (
        <ConfirmDialog
          title={`Delete the saved screener “${deleting.asked.name}”?`}
          confirmLabel="Delete screener"
          onConfirm={() => onDelete(deleting.asked!)}
          onClose={deleting.close}
        >
          <p>Its filters go; the stocks they found are not changed. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function SaveDialog({
  initial,
  editing,
  busy,
  onSave,
  onClose,
}: {
  initial: string;
  editing: boolean;
  busy: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const parsed = screenerName.safeParse(name);
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (parsed.success) onSave(parsed.data);
  };

  return (
    <Dialog title={editing ? 'Save changes to this screener' : 'Save Screener'} onClose={onClose}>
      <form onSubmit={submit} noValidate className="screener-save">
        <label className="screener-save__field">
          Screener name
          <input
            type="text"
            value={name}
            maxLength={80}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
          />
        </label>
        {error && (
          <p className="screener-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
