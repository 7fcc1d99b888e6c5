import { Page } from '../../../components/Page';
import { ValuationTypeList } from '../components/ValuationTypeList';

/** Home and /Market: Mr. Market's welcome and the valuation methodologies. */
export function Component() {
  return (
    <Page title="Mr. Market" heading="Welcome to Mr. Market" className="market">
      <p className="lead">
        Mr. Market quotes a price for every business, every day. Study the fundamentals of NYSE and
        NASDAQ stocks, put your own value on them, pitch your best ideas and track how they do
        against the market.
      </p>
      <p className="notice notice--info">
        Please zoom out as you see fit for an optimal experience. This is a beta version. Thank you!
      </p>
      <section className="section" aria-labelledby="methodologies-heading">
        <h2 id="methodologies-heading">Valuation methodologies</h2>
        <ValuationTypeList />
      </section>
    </Page>
  );
}
