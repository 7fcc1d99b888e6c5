import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Sign Up">
      <p>Create your Mr. Market account.</p>
    </PlaceholderPage>
  );
}
