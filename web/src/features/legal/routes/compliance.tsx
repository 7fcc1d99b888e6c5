import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { LegalDocument, LegalSection } from '../components/LegalDocument';

export function Component() {
  return (
    <LegalDocument
      title="Compliance Note"
      dates={[]}
      summary={
        <p>
          Mr. Market provides information only. It is not a financial adviser under Singapore law
          and nothing on the site is financial advice.
        </p>
      }
    >
      <LegalSection id="compliance-not-adviser" heading="Not a financial adviser">
        <p>
          Mr. Market does not hold a capital markets services licence and is not a licensed or
          exempt financial adviser under Singapore's Financial Advisers Act or Securities and
          Futures Act. We do not advise on investment products, make recommendations about them,
          arrange or execute trades, or hold money or securities for anyone.
        </p>
      </LegalSection>

      <LegalSection id="compliance-information" heading="Information only">
        <p>
          Company data, charts, valuation models, intrinsic values, pitch outcomes, screener results
          and portfolio figures are tools for your own research. Valuations follow the assumptions
          you enter; portfolios are simulations with notional money. None of it takes account of
          your objectives, financial situation or particular needs, and none of it is an offer or a
          solicitation to buy or sell any security.
        </p>
      </LegalSection>

      <LegalSection id="compliance-data" heading="Market data">
        <p>
          Prices, statements and ratios come from a third-party market-data provider (Financial
          Modeling Prep) or, on demonstration sites, from a fixed sample data set. They may be
          delayed, incomplete or wrong. Check important figures against the company's own filings
          before relying on them.
        </p>
      </LegalSection>

      <LegalSection id="compliance-risk" heading="Your decisions">
        <p>
          Investing carries risk, including the loss of the money you invest. Past performance is
          not a guide to future returns. Before making an investment decision, consider seeking
          advice from a licensed financial adviser.
        </p>
        <p>
          The <Link to={paths.terms}>Terms Of Use</Link> explain the rest of the rules that apply to
          the site.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
