import { PlaceholderPage } from '../../../components/Page';

/** /Verify_account/{code}: the link from the account activation email. */
export function Component() {
  return (
    <PlaceholderPage title="Verify Account">
      <p>We are verifying your email address.</p>
    </PlaceholderPage>
  );
}
