import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="My Account">
      <p>Edit your profile and reset your password.</p>
    </PlaceholderPage>
  );
}
