import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { unsubscribeAlert } from '../api/alerts-api';

/**
 * The alert email's unsubscribe link (`/alerts/unsubscribe?token=...`): no sign-in. The
 * token alone turns the alert off; the page says what happened.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['alerts', 'unsubscribe', token],
    queryFn: () => unsubscribeAlert(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  return (
    <Page title="Stop an alert">
      {token === '' && <p role="alert">This unsubscribe link is not valid</p>}
      {result.isLoading && <Loading />}
      {result.isError && (
        <p role="alert">
          {result.error instanceof ApiError
            ? result.error.message
            : 'The alert could not be turned off. Please try again.'}
        </p>
      )}
      {result.data && <p role="status">{result.data.message}</p>}
      <p>
        <Link to={paths.alerts}>See your alerts</Link>
      </p>
    </Page>
  );
}
