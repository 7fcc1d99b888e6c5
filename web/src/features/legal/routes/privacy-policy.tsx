import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Privacy Policy">
      <p>How Mr. Market handles your personal data.</p>
    </PlaceholderPage>
  );
}
