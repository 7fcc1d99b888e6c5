import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { signOutEverywhere } from '../../../lib/auth';

/**
 * /logout: signs out on every device and reloads the home page. When the other devices'
 * sessions could not be ended (decision 144), it says so and what to do instead.
 */
export function Component() {
  const [incomplete, setIncomplete] = useState<string>();
  useEffect(() => {
    void signOutEverywhere('/', { reportIncomplete: true }).then(setIncomplete);
  }, []);
  if (incomplete)
    return (
      <Page title="Logout" heading="Signed out on this device">
        <p role="alert">{incomplete}</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </Page>
    );
  return (
    <Page title="Logout" heading="Logging out">
      <Loading label="Signing you out…" />
    </Page>
  );
}
