import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ValuationTypeId } from '../../../../../shared/domain/valuation-types';
import { Dialog } from '../../../components/Dialog';
import { Loading } from '../../../components/Loading';
import { useSession } from '../../../lib/auth';
import { paths, type LoginRedirectState } from '../../../lib/paths';
import { useValuationTypes } from '../api/get-valuation-types';

export const CHOOSE_METHODOLOGY_HINT = 'Please choose valuation methodology!';

/**
 * Value Business: a signed-in user picks the methodology from the radio list (a pick is
 * required); a guest is asked to log in (coming back here) or sign up.
 */
export function ValueBusinessDialog({
  current,
  onChoose,
  onClose,
}: {
  current?: ValuationTypeId | null;
  onChoose: (typeId: ValuationTypeId) => void;
  onClose: () => void;
}) {
  const session = useSession();
  const location = useLocation();

  // Opened while the stored session is still being read: wait for it rather than ask a
  // signed-in investor to log in.
  if (session.status === 'loading') {
    return (
      <Dialog title="Value Business" onClose={onClose}>
        <Loading label="Checking your session…" />
      </Dialog>
    );
  }
  if (session.status !== 'signedIn') {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search },
    };
    return (
      <Dialog title="Please Login or Sign Up to Continue!" onClose={onClose}>
        <p>Log in or sign up to value this business and pitch it.</p>
        <div className="dialog__actions">
          <Link to={paths.login} state={state} className="button button--primary">
            Login
          </Link>
          <Link to={paths.signup} className="button button--ghost">
            Sign Up
          </Link>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title="Choose Valuation Methodology" onClose={onClose}>
      <MethodologyForm current={current ?? null} onChoose={onChoose} />
    </Dialog>
  );
}

function MethodologyForm({
  current,
  onChoose,
}: {
  current: ValuationTypeId | null;
  onChoose: (typeId: ValuationTypeId) => void;
}) {
  const types = useValuationTypes();
  const [choice, setChoice] = useState<ValuationTypeId | null>(current);
  const [hint, setHint] = useState(false);

  if (types.isPending) return <Loading label="Loading valuation methodologies…" />;
  if (types.isError)
    return (
      <div className="notice notice--error" role="alert">
        <p>The valuation methodologies could not be loaded.</p>
        <button type="button" className="button button--ghost" onClick={() => void types.refetch()}>
          Try again
        </button>
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      setHint(true);
      return;
    }
    onChoose(choice);
  };

  return (
    <form onSubmit={submit} noValidate className="methodology-form">
      <fieldset>
        <legend className="visually-hidden">Valuation methodology</legend>
        {types.data.map((t) => (
          <label key={t.id} className="methodology-form__option">
            <input
              type="radio"
              name="valuation_type_id"
              value={t.id}
              checked={choice === t.id}
              onChange={() => {
                setChoice(t.id as ValuationTypeId);
                setHint(false);
              }}
            />{' '}
            {t.valuation_name}
          </label>
        ))}
      </fieldset>
      {hint && (
        <p className="field__error" role="alert">
          {CHOOSE_METHODOLOGY_HINT}
        </p>
      )}
      <div className="dialog__actions">
        <button type="submit" className="button button--primary">
          Value Business
        </button>
      </div>
    </form>
  );
}
