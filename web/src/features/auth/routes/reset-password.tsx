import { PlaceholderPage } from '../../../components/Page';

/** /reset_password/{code}: the link from the password-reset email. */
export function Component() {
  return (
    <PlaceholderPage title="Reset Password">
      <p>Choose a new password for your account.</p>
    </PlaceholderPage>
  );
}
