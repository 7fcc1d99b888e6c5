import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES, TOASTS } from '../../../../../shared/schemas/account';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { paths } from '../../../lib/paths';
import { verifyAccount } from '../api/cognito';
import { AuthCard } from '../components/AuthCard';

type State = 'verifying' | 'verified' | 'failed';

/** Confirmations already asked for (React runs effects twice in development; a code works once). */
const attempts = new Map<string, Promise<void>>();

/** /Verify_account/{code}: the link from the activation email. */
export function Component() {
  const { code = '' } = useParams();
  const [state, setState] = useState<State>('verifying');
  const [popup, setPopup] = useState(false);

  useEffect(() => {
    let active = true;
    let attempt = attempts.get(code);
    if (!attempt) {
      attempt = verifyAccount(code);
      attempts.set(code, attempt);
    }
    attempt.then(
      () => {
        if (!active) return;
        setState('verified');
        setPopup(true);
      },
      () => active && setState('failed'),
    );
    return () => {
      active = false;
    };
  }, [code]);

  return (
    <AuthCard title="Verify Account">
      {state === 'verifying' && <Loading label="Verifying your email…" />}
      {state === 'verified' && (
        <>
          <p role="status">{TOASTS.verified}</p>
          <p>
            <Link to={paths.login}>Login to continue...</Link>
          </p>
        </>
      )}
      {state === 'failed' && <p role="alert">{MESSAGES.requestNotFound}</p>}
      {popup && (
        <Dialog title="Account Activated" onClose={() => setPopup(false)}>
          <p>{TOASTS.verified}</p>
          <div className="dialog__actions">
            <Link to={paths.login} className="button button--primary">
              Login to continue...
            </Link>
          </div>
        </Dialog>
      )}
    </AuthCard>
  );
}
