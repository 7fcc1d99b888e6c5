import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { BusinessView } from './business-view';
import { useSavedValuation } from '../../features/valuation/api/valuation-api';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/auth';
import { paths, type LoginRedirectState } from '../../lib/paths';
import { MarketFrame } from './market';

export const SAVED_VALUATION_NOT_FOUND = 'We could not find this valuation.';

/** /Market/{id}: the saved valuation opens in the business view with its stock and methodology. */
export function Component() {
  const { id = '' } = useParams();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = session.status === 'signedIn';
  const saved = useSavedValuation(signedIn ? id : undefined);

  let content: React.ReactNode;
  if (session.status === 'loading' || (signedIn && saved.isPending)) {
    content = <Loading label="Loading the valuation…" />;
  } else if (!signedIn) {
    const state: LoginRedirectState = { from: { pathname: location.pathname } };
    content = (
      <div className="notice notice--info">
        <p>Please log in to open this valuation.</p>
        <Link to={paths.login} state={state} className="button button--primary">
          Login
        </Link>
      </div>
    );
  } else if (saved.isError) {
    const missing =
      saved.error instanceof ApiError && (saved.error.status === 404 || saved.error.status === 400);
    content = (
      <div className="notice notice--error" role="alert">
        <p>
          {missing
            ? SAVED_VALUATION_NOT_FOUND
            : 'The valuation could not be loaded. Please try again.'}
        </p>
        <Link to={paths.pitches} className="button button--ghost">
          My Pitches
        </Link>
      </div>
    );
  } else if (saved.data) {
    content = (
      <BusinessView
        key={saved.data.id}
        symbol={saved.data.stock_symbol}
        record={saved.data}
        onFindAnother={() => navigate(paths.home)}
      />
    );
  }
  return (
    <MarketFrame
      title={saved.data ? `${saved.data.stock_symbol} · Market` : 'Saved valuation · Market'}
      pickerKey={id}
    >
      {content}
    </MarketFrame>
  );
}
