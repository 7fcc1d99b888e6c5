import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Dashboard">
      <p>An overview of your portfolios.</p>
    </PlaceholderPage>
  );
}
