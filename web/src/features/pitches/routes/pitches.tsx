import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  VALUATION_API_MESSAGES,
  type ValuationRecord,
} from '../../../../../shared/schemas/valuation-api';
import { ConfirmDialog, useConfirm } from '../../../components/ConfirmDialog';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import {
  buyPitch,
  deletePitch,
  ignorePitch,
  PITCHES_KEY,
  trackPitch,
  usePitchQuotes,
  useMyPitches,
  useProfile,
} from '../api/pitches-api';
import { BuyDialog } from '../components/BuyDialog';
import { PitchDetail, type PaneMode } from '../components/PitchDetail';
import { PitchList } from '../components/PitchList';
import { filterPitches, pitchFigures, pitchName } from '../figures';
import { PITCH_CSV_COLUMNS } from '../export';
import { PITCH_FAILURES } from '../messages';
import '../pitches.css';

/** /Pitches: the user's pitches, a detail pane, and Track, Remove, Buy and Ignore. */
export function Component() {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user.userId : undefined;
  const profile = useProfile(userId);
  const pitches = useMyPitches();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<PaneMode>('summary');
  const [buying, setBuying] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const records = useMemo(() => pitches.data?.data ?? [], [pitches.data]);
  const symbols = useMemo(() => records.map((r) => r.stock_symbol), [records]);
  const quotes = usePitchQuotes(symbols);

  const rows = useMemo(() => {
    const live = new Map<string, number>();
    for (const q of pitches.data?.quotes ?? []) live.set(q.symbol.toUpperCase(), q.price);
    for (const q of quotes.data ?? []) live.set(q.symbol.toUpperCase(), q.price);
    return filterPitches(records, search).map((record) => ({
      record,
      figures: pitchFigures(record, live.get(record.stock_symbol.toUpperCase())),
    }));
  }, [records, search, pitches.data, quotes.data]);

  const selected = records.find((r) => r.id === selectedId);
  const selectedRow =
    rows.find((r) => r.record.id === selectedId) ??
    (selected ? { record: selected, figures: pitchFigures(selected) } : undefined);
  const selectedQuote = selected
    ? quotes.data?.find((q) => q.symbol.toUpperCase() === selected.stock_symbol.toUpperCase())
    : undefined;

  const refresh = () => queryClient.invalidateQueries({ queryKey: PITCHES_KEY });

  async function run(id: string, action: () => Promise<void>, failure: (e: unknown) => string) {
    setBusy(id);
    try {
      await action();
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setBusy(null);
    }
  }

  // A pitch is deleted only once the user confirms, in a dialog that names it.
  const deleting = useConfirm<ValuationRecord>();

  const onDelete = (record: ValuationRecord) =>
    run(
      record.id,
      async () => {
        await deletePitch(record.id);
        toast.success(VALUATION_API_MESSAGES.pitchDeleted);
        if (selectedId === record.id) setSelectedId(null);
        await refresh();
      },
      () => PITCH_FAILURES.delete,
    );

  const onTrack = (record: ValuationRecord) =>
    run(
      record.id,
      async () => {
        await trackPitch(record.id);
        toast.success(VALUATION_API_MESSAGES.pitchUpdated);
        await queryClient.invalidateQueries({ queryKey: ['tracking'] });
        await refresh();
        void navigate(paths.trackedPitches);
      },
      (error) =>
        error instanceof ApiError && error.status > 0 && error.status < 500
          ? error.message
          : PITCH_FAILURES.track,
    );

  const onIgnore = (record: ValuationRecord) =>
    run(
      record.id,
      async () => {
        await ignorePitch(record.id);
        toast.success(VALUATION_API_MESSAGES.ignored);
        setSelectedId(null);
        await refresh();
      },
      (error) => (error instanceof Error && error.message ? error.message : PITCH_FAILURES.ignore),
    );

  /** Buys; true once bought (the dialog then offers "Go to Portfolio"). */
  const onBuy = async (
    record: ValuationRecord,
    portfolioId: string,
    sizing: Record<string, string>,
  ): Promise<boolean> => {
    let bought = false;
    await run(
      record.id,
      async () => {
        await buyPitch({
          stock_symbol: record.stock_symbol,
          portfolio_id: portfolioId,
          valuation_type_id: record.valuation_type_id,
          valuation_id: record.id,
          valuation_output_id: record.valuation_output_id,
          ...sizing,
        });
        toast.success(VALUATION_API_MESSAGES.bought);
        bought = true;
        await refresh();
      },
      () => PITCH_FAILURES.buy,
    );
    return bought;
  };

  const userName =
    profile.data?.user.name ?? (session.status === 'signedIn' ? session.user.name : 'You');
  const imageUrl = profile.data?.user.profile_image_url ?? undefined;

  return (
    <Page title="My Pitches" className="pitches">
      {pitches.isPending ? (
        <Loading />
      ) : pitches.isError ? (
        <p className="notice notice--error" role="alert">
          Your pitches could not be loaded. Please try again.
        </p>
      ) : records.length === 0 ? (
        <div className="pitches-empty">
          <p>You have not pitched a stock yet.</p>
          <Link className="button button--primary" to={paths.market}>
            Pitch a Stock
          </Link>
        </div>
      ) : (
        <div className={selectedRow ? 'pitches-layout has-detail' : 'pitches-layout'}>
          <div className="pitches-list">
            <div className="pitches-tools">
              <label className="pitches-search">
                <span className="sr-text">Search for Pitches</span>
                <input
                  type="search"
                  placeholder="Search for Pitches"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
              </label>
              <ExportCsvButton
                what="My Pitches"
                columns={PITCH_CSV_COLUMNS}
                rows={rows}
                disabled={rows.length === 0}
              />
            </div>
            {rows.length === 0 ? (
              <p className="pitches-none">No pitch matches “{search.trim()}”.</p>
            ) : (
              <PitchList
                pitches={rows}
                selectedId={selectedId}
                busyId={busy}
                onSelect={(id) => {
                  setSelectedId(id);
                  setMode('summary');
                }}
                onDelete={deleting.ask}
              />
            )}
          </div>
          {selectedRow && (
            <div className="pitches-pane">
              <PitchDetail
                record={selectedRow.record}
                figures={selectedRow.figures}
                quote={selectedQuote}
                mode={mode}
                onMode={setMode}
                onClose={() => setSelectedId(null)}
                user={{ name: userName, imageUrl }}
              />
              <div className="pitch-buttons">
                <Link className="button button--ghost" to={paths.market}>
                  Pitch Another Stock
                </Link>
                {selectedRow.record.pitch_status === 2 ? (
                  <Link className="button button--ghost" to={paths.trackedPitches}>
                    Tracked
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    onClick={() => void onTrack(selectedRow.record)}
                  >
                    Track
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy !== null}
                  onClick={() => deleting.ask(selectedRow.record)}
                >
                  Remove
                </button>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  onClick={() => setBuying(true)}
                >
                  Buy
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy !== null}
                  onClick={() => void onIgnore(selectedRow.record)}
                >
                  Ignore
                </button>
              </div>
              {buying && (
                <BuyDialog
                  stockName={pitchName(selectedRow.record)}
                  price={selectedRow.record.market_price}
                  busy={busy !== null}
                  onClose={() => setBuying(false)}
                  onBuy={(portfolioId, sizing) => onBuy(selectedRow.record, portfolioId, sizing)}
                />
              )}
            </div>
          )}
        </div>
      )}
      {deleting.asked && (
        <ConfirmDialog
          title={`Delete the pitch ${pitchName(deleting.asked)}?`}
          confirmLabel="Delete pitch"
          onConfirm={() => onDelete(deleting.asked!)}
          onClose={deleting.close}
        >
          <p>
            The pitch, its valuation and its tracking go
            {deleting.asked.pitch_status === 2 ? ' (it leaves My Tracked Pitches too)' : ''}. This
            cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
