import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="My Watchlist">
      <p>The stocks you keep an eye on.</p>
    </PlaceholderPage>
  );
}
