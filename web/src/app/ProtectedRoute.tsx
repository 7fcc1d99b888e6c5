import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { useSession } from '../lib/auth';
import { paths, type LoginRedirectState } from '../lib/paths';

/** Login-only screens: a guest goes to /login, which returns them here after signing in. */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <Loading label="Checking your session…" />;
  if (session.status === 'guest') {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
