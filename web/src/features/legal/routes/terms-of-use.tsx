import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Terms Of Use">
      <p>The terms that apply when you use Mr. Market.</p>
    </PlaceholderPage>
  );
}
