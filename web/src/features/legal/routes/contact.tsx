import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Contact Us">
      <p>How to reach Mr. Market.</p>
    </PlaceholderPage>
  );
}
