import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Forgot Password">
      <p>Enter your email and we will send you a link to reset your password.</p>
    </PlaceholderPage>
  );
}
