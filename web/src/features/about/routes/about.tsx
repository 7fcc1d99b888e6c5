import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="About Us">
      <p>Our objectives, our principles and the team behind Mr. Market.</p>
    </PlaceholderPage>
  );
}
