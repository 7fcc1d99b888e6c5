import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Portfolio">
      <p>Your portfolios, their net asset value and IRR since inception.</p>
    </PlaceholderPage>
  );
}
