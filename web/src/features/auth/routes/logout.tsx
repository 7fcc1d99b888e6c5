import { useEffect } from 'react';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { signOutEverywhere } from '../../../lib/auth';

/** /logout: signs out on every device and reloads the home page. */
export function Component() {
  useEffect(() => {
    void signOutEverywhere();
  }, []);
  return (
    <Page title="Logout" heading="Logging out">
      <Loading label="Signing you out…" />
    </Page>
  );
}
