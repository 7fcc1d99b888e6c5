import { PlaceholderPage } from '../../../components/Page';

export function Component() {
  return (
    <PlaceholderPage title="Screener">
      <p>Filter NYSE and NASDAQ stocks by their fundamentals.</p>
    </PlaceholderPage>
  );
}
