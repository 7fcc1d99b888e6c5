import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="My Tracked Pitches">
      <p>The pitches you track against the market price.</p>
    </PlaceholderPage>
  );
}
