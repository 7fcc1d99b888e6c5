import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Login">
      <p>Sign in with your email and password.</p>
    </PlaceholderPage>
  );
}
