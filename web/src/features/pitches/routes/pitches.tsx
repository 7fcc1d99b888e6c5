import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="My Pitches">
      <p>Your saved valuations, with their margin of safety and expected returns.</p>
    </PlaceholderPage>
  );
}
