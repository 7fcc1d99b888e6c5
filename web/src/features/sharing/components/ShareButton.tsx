import { useState } from 'react';
import '../sharing.css';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { publicPitchPath } from '../../../../../shared/sharing/schemas';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useHideVersion, useMyShares, useSharePitch, useStopSharing } from '../api/sharing-api';

/**
 * Share (or stop sharing) one pitch. Shared, it shows the public address to copy and a
 * "Stop sharing" button; the page at that address answers 404 once stopped.
 */
export function ShareButton({ valuationId, label }: { valuationId: string; label: string }) {
  const shares = useMyShares();
  const share = useSharePitch();
  const stop = useStopSharing();
  const hide = useHideVersion();
  const toast = useToast();
  // Stopping asks first, naming the pitch: a link others hold stops working.
  const [asking, setAsking] = useState(false);
  // Hiding an earlier version asks too: its words leave the public page for good.
  const [hiding, setHiding] = useState<number | null>(null);
  const current = shares.data?.shares.find((s) => s.valuation_id === valuationId);
  const busy = share.isPending || stop.isPending || shares.isLoading;
  const fail = (error: unknown) =>
    toast.show(error instanceof ApiError ? error.message : 'Something went wrong.', 'error');

  if (!current) {
    return (
      <button
        type="button"
        className="button button--ghost share-button"
        aria-label={`Share ${label}`}
        disabled={busy}
        onClick={() =>
          share.mutate(valuationId, {
            onSuccess: (r) => toast.show(r.message, 'success'),
            onError: fail,
          })
        }
      >
        Share
      </button>
    );
  }
  const url = `${window.location.origin}${publicPitchPath(current.slug)}`;
  return (
    <span className="share-control">
      <a
        className="share-control__link"
        href={publicPitchPath(current.slug)}
        target="_blank"
        rel="noreferrer"
      >
        Public page
      </a>
      <button
        type="button"
        className="button button--ghost"
        aria-label={`Copy link to ${label}`}
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(
            () => toast.show('Link copied.', 'success'),
            () => toast.show(url, 'success'),
          );
        }}
      >
        Copy link
      </button>
      <button
        type="button"
        className="button button--ghost"
        aria-label={`Stop sharing ${label}`}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Stop sharing
      </button>
      {asking && (
        <ConfirmDialog
          title={`Stop sharing ${label}?`}
          confirmLabel="Stop sharing"
          onConfirm={async () => {
            try {
              const r = await stop.mutateAsync(valuationId);
              toast.show(r.message, 'success');
            } catch (error) {
              fail(error);
            }
          }}
          onClose={() => setAsking(false)}
        >
          <p>
            Its public page stops answering at once, for everyone who has the link. Sharing it again
            gives the same address.
          </p>
        </ConfirmDialog>
      )}
      {current.history.length > 1 && (
        <details className="share-versions">
          <summary>Versions on the public page</summary>
          <ul>
            {current.history.map((v, i) => (
              <li key={v.version}>
                Version {v.version}, {formatDisplayDate(v.at)}
                {v.hidden ? (
                  ': hidden'
                ) : i === current.history.length - 1 ? (
                  ': current'
                ) : (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Hide version ${v.version} of ${label}`}
                      disabled={hide.isPending}
                      onClick={() => setHiding(v.version)}
                    >
                      Hide
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      {hiding !== null && (
        <ConfirmDialog
          title={`Hide version ${hiding} of ${label}?`}
          confirmLabel="Hide version"
          onConfirm={async () => {
            try {
              const r = await hide.mutateAsync({ valuationId, version: hiding });
              toast.show(r.message, 'success');
            } catch (error) {
              fail(error);
            }
          }}
          onClose={() => setHiding(null)}
        >
          <p>
            Its words and figures leave the public page for good; only its number and date stay.
          </p>
        </ConfirmDialog>
      )}
    </span>
  );
}
