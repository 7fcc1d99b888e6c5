import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  VALUATION_API_MESSAGES,
  type TrackedPitchRow,
} from '../../../../../shared/schemas/valuation-api';
import { trackedPitchRows, type LiveQuote } from '../../../../../shared/tracking/figures';
import { trackedUpdatePayload } from '../../../../../shared/tracking/schemas';
import { ConfirmDialog, useConfirm } from '../../../components/ConfirmDialog';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { Loading } from '../../../components/Loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import {
  deleteTrackedPitch,
  TRACKING_KEY,
  updateTrackedIntrinsic,
  useTrackedPitches,
  useTrackedQuotes,
} from '../api/tracking-api';
import { pitchScorecardQuery } from '../api/scorecard-api';
import { Scorecard } from '../components/Scorecard';
import { PublicRecordSettings } from '../../sharing';
import { TrackedValueLines } from '../../value-line';
import { TrackedTable, type Draft } from '../components/TrackedTable';
import { TRACKED_CSV_COLUMNS } from '../export';
import { intrinsicInputOf } from '../intrinsic-input';
import '../tracking.css';

/** Failure toasts (spec/001 section 8, spelling corrected). */
export const TRACKING_FAILURES = {
  load: 'Error',
  update: 'Error',
  delete: 'Error Deleting',
} as const;

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback;

/** /Mytrackedpitches: the tracked pitches against the latest cached quotes. */
export function Component() {
  useDocumentTitle('My Tracked Pitches');
  const tracked = useTrackedPitches();
  const records = useMemo(() => tracked.data?.data ?? [], [tracked.data]);
  const quotes = useTrackedQuotes(useMemo(() => records.map((r) => r.stock_symbol), [records]));
  const queryClient = useQueryClient();
  const toast = useToast();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const rows = useMemo(() => {
    // The latest quotes win over those the list came with.
    const live: LiveQuote[] = [...(tracked.data?.quotes ?? []), ...(quotes.data ?? [])];
    return trackedPitchRows(records, live);
  }, [records, tracked.data, quotes.data]);

  /** Reads the list again (an edited row leaves edit mode once it has), then the scorecard. */
  const reloadList = async () => {
    await queryClient.invalidateQueries({ queryKey: [...TRACKING_KEY, 'list'], exact: true });
    void queryClient.invalidateQueries({ queryKey: pitchScorecardQuery().queryKey });
  };

  const setDraft = (id: string, draft: Draft | undefined) =>
    setDrafts((all) => {
      const next = { ...all };
      if (draft) next[id] = draft;
      else delete next[id];
      return next;
    });

  const onUpdate = async (row: TrackedPitchRow) => {
    const draft = drafts[row.id];
    if (!draft) return;
    const parsed = trackedUpdatePayload.safeParse({
      valuation_id: row.id,
      intrinsic_value_per_share: draft.text,
    });
    if (!parsed.success) {
      setDraft(row.id, { ...draft, error: parsed.error.issues[0]?.message ?? 'Enter a number' });
      return;
    }
    setBusy(row.id);
    try {
      await updateTrackedIntrinsic(parsed.data);
      toast.success(VALUATION_API_MESSAGES.pitchUpdated);
      await reloadList();
      setDraft(row.id, undefined);
    } catch (error) {
      toast.error(serverMessage(error, TRACKING_FAILURES.update));
    } finally {
      setBusy(null);
    }
  };

  // The trash icon deletes the pitch itself: only once the user confirms, in a dialog naming it.
  const deleting = useConfirm<TrackedPitchRow>();

  const onDelete = async (row: TrackedPitchRow) => {
    setBusy(row.id);
    try {
      await deleteTrackedPitch(row.id);
      toast.success(VALUATION_API_MESSAGES.pitchDeleted);
      setDraft(row.id, undefined);
      await reloadList();
      await queryClient.invalidateQueries({ queryKey: ['pitches'] });
    } catch (error) {
      toast.error(serverMessage(error, TRACKING_FAILURES.delete));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page tracked">
      <h1 className="page__title" id="tracked-title">
        My Tracked Pitches
      </h1>
      {tracked.isPending ? (
        <Loading />
      ) : tracked.isError ? (
        <p className="notice notice--error" role="alert">
          {TRACKING_FAILURES.load}: your tracked pitches could not be loaded. Please try again.
        </p>
      ) : records.length === 0 ? (
        <div className="tracked-empty">
          <p>You are not tracking any pitch yet. Track a pitch to follow it against the market.</p>
          <Link className="button button--primary" to={paths.pitches}>
            Go to My Pitches
          </Link>
        </div>
      ) : (
        <>
          <TrackedTable
            rows={rows}
            drafts={drafts}
            busyId={busy}
            onStartEdit={(row) =>
              setDraft(row.id, { text: intrinsicInputOf(row.intrinsic_value_per_share) })
            }
            onDraft={(id, text) => setDraft(id, { text })}
            onCancel={(id) => setDraft(id, undefined)}
            onUpdate={(row) => void onUpdate(row)}
            onDelete={deleting.ask}
          />
          <div className="tracked-footer">
            <p className="tracked-note">
              Market prices refresh every 30 seconds. {records.length} of {tracked.data.limit}{' '}
              pitches tracked.
            </p>
            <ExportCsvButton what="My Tracked Pitches" columns={TRACKED_CSV_COLUMNS} rows={rows} />
          </div>
          <Scorecard />
          <TrackedValueLines
            pitches={records.map((r) => ({
              id: r.id,
              symbol: r.stock_symbol,
              name: r.stock_name?.trim() || r.stock_symbol,
            }))}
          />
        </>
      )}
      <PublicRecordSettings />
      {deleting.asked && (
        <ConfirmDialog
          title={`Delete the pitch ${deleting.asked.stock_name?.trim() || deleting.asked.stock_symbol}?`}
          confirmLabel="Delete pitch"
          onConfirm={() => onDelete(deleting.asked!)}
          onClose={deleting.close}
        >
          <p>
            This deletes the pitch itself, not only its tracking: it leaves My Tracked Pitches and
            My Pitches. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
