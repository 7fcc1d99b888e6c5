import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Data Protection Notice">
      <p>How Mr. Market collects, uses and protects personal data under Singapore law.</p>
    </PlaceholderPage>
  );
}
