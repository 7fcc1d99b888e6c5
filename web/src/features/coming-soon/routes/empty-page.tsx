import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Coming Soon">
      <p>This part of Mr. Market is on its way. Please check back soon.</p>
    </PlaceholderPage>
  );
}
