import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Check Your Email">
      <p>Please Check Your Email for Account Activation!</p>
    </PlaceholderPage>
  );
}
