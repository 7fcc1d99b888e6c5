import { useState } from 'react';
import { publicRecordPath } from '../../../../../shared/sharing/schemas';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useMyShares, useSetPublicRecord } from '../api/sharing-api';

/**
 * The public record (opt-in, apart from sharing one pitch): a page under a display name the
 * user chooses (never their email) listing their shared pitches against the S&P 500.
 */
export function PublicRecordSettings() {
  const shares = useMyShares();
  const set = useSetPublicRecord();
  const toast = useToast();
  const record = shares.data?.publicRecord ?? null;
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (error: unknown) =>
    toast.show(error instanceof ApiError ? error.message : 'Something went wrong.', 'error');

  return (
    <section className="public-record-settings" aria-labelledby="public-record-title">
      <h2 id="public-record-title">Public record</h2>
      {record ? (
        <p>
          Your public record is on as <strong>{record.displayName}</strong>:{' '}
          <a href={publicRecordPath(record.slug)} target="_blank" rel="noreferrer">
            open it
          </a>
          .{' '}
          <button
            type="button"
            className="button button--ghost"
            disabled={set.isPending}
            onClick={() =>
              set.mutate(
                { enabled: false },
                { onSuccess: (r) => toast.show(r.message, 'success'), onError: fail },
              )
            }
          >
            Turn off public record
          </button>
        </p>
      ) : (
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            // What a name reads as needs Unicode's confusables data: loaded on the first submit.
            const { publicDisplayName } =
              await import('../../../../../shared/sharing/display-name');
            const parsed = publicDisplayName.safeParse(name);
            if (!parsed.success) {
              setProblem(parsed.error.issues[0]?.message ?? 'That display name is not valid');
              return;
            }
            setProblem(null);
            set.mutate(
              { enabled: true, display_name: parsed.data },
              { onSuccess: (r) => toast.show(r.message, 'success'), onError: fail },
            );
          }}
        >
          <p>
            List your shared pitches on a public page with their record against the S&amp;P 500,
            under a display name of your choice.
          </p>
          <label htmlFor="public-record-name">Display name</label>
          <input
            id="public-record-name"
            value={name}
            maxLength={40}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'public-record-problem' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {problem && (
            <p id="public-record-problem" className="field-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={set.isPending}>
            Turn on public record
          </button>
        </form>
      )}
    </section>
  );
}
