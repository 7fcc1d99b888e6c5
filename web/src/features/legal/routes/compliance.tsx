import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Compliance Note">
      <p>Mr. Market provides information only and is not a financial adviser.</p>
    </PlaceholderPage>
  );
}
