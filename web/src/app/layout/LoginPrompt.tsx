import { Link } from 'react-router-dom';
import { Dialog } from '../../components/Dialog';
import { paths, type LoginRedirectState } from '../../lib/paths';

/** Shown to a guest who picks a login-only page; signing in then continues to that page. */
export function LoginPrompt({ target, onClose }: { target: string; onClose: () => void }) {
  const state: LoginRedirectState = { from: { pathname: target } };
  return (
    <Dialog title="Please Login or Sign Up to Continue!" onClose={onClose}>
      <div className="dialog__actions">
        <Link to={paths.login} state={state} className="button button--primary" onClick={onClose}>
          Login
        </Link>
        <Link to={paths.signup} className="button button--ghost" onClick={onClose}>
          Sign Up
        </Link>
      </div>
    </Dialog>
  );
}
