import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Password Reset Successful!">
      <p>You can now log in with your new password.</p>
    </PlaceholderPage>
  );
}
