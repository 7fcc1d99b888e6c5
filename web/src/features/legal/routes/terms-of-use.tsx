import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { LEGAL_DATES } from '../company';
import { LegalDocument, LegalSection } from '../components/LegalDocument';

export function Component() {
  return (
    <LegalDocument
      title="Terms Of Use"
      dates={[`Last updated ${LEGAL_DATES.termsUpdated}`]}
      summary={
        <p>
          These terms apply whenever you use Mr. Market, as a guest or with an account. By using the
          site you accept them. Please read them together with our{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>, our{' '}
          <Link to={paths.dataProtection}>Data Protection Notice</Link> and our{' '}
          <Link to={paths.compliance}>Compliance Note</Link>.
        </p>
      }
    >
      <LegalSection id="terms-service" heading="1. What Mr. Market is">
        <p>
          Mr. Market is a research tool for individual investors. It shows fundamental data for
          stocks listed on NYSE and NASDAQ, lets you value them with your own assumptions (P/E, P/B,
          P/S, EV/EBITDA and DCF models), save those valuations as pitches, track them, keep a
          watchlist, run a screener and hold paper portfolios. Portfolios in Mr. Market are
          simulations: no money, securities or brokerage accounts are involved.
        </p>
      </LegalSection>

      <LegalSection id="terms-eligibility" heading="2. Who may use it">
        <p>
          You must be at least <strong>21 years old</strong> to create an account. By signing up you
          confirm that you are. You are responsible for keeping your password secret and for
          everything done with your account; tell us at once if you think someone else has used it.
        </p>
      </LegalSection>

      <LegalSection id="terms-information" heading="3. Information, not advice">
        <p>
          Everything on Mr. Market is for information and education only. Valuations, intrinsic
          values, margins of safety and screener results are calculations on your assumptions and on
          third-party market data; they are not recommendations to buy, sell or hold any security.
          We are not a financial adviser. Market data may be delayed, incomplete or wrong, and past
          figures do not predict future results. Make your own decisions, and seek a licensed
          adviser where you need advice. See the <Link to={paths.compliance}>Compliance Note</Link>.
        </p>
      </LegalSection>

      <LegalSection id="terms-content" heading="4. Your content">
        <p>
          Your pitches, notes, watchlist, screeners and portfolios belong to you. You give us the
          permission we need to store and show them to you. They are private to your account. You
          can delete any of them, or your whole account, at any time; deleting the account erases
          everything it holds.
        </p>
      </LegalSection>

      <LegalSection id="terms-conduct" heading="5. Fair use">
        <p>When you use Mr. Market, you agree not to:</p>
        <ul>
          <li>break the law, or use the site to mislead other investors;</li>
          <li>
            copy, resell or redistribute the market data shown on the site, which is licensed to us
            by its provider;
          </li>
          <li>
            scrape the site, overload it, probe it for weaknesses or try to reach other users' data;
          </li>
          <li>send spam or abusive messages through the contact form.</li>
        </ul>
        <p>
          We may suspend or close an account that breaks these terms, after telling you why where
          the law allows.
        </p>
      </LegalSection>

      <LegalSection id="terms-ip" heading="6. Our content">
        <p>
          The site, its design, its text and its software belong to Mr. Market or its licensors.
          Market data belongs to its provider. You may use them for your own personal research, not
          for commercial purposes.
        </p>
      </LegalSection>

      <LegalSection id="terms-availability" heading="7. Availability and changes">
        <p>
          We work to keep Mr. Market available and accurate but cannot promise it will always be.
          Some parts are in beta and may change. We may change these terms; the date at the top
          shows the latest version, and we will tell account holders by email about any important
          change before it applies.
        </p>
      </LegalSection>

      <LegalSection id="terms-liability" heading="8. Liability">
        <p>
          To the extent the law allows, Mr. Market is not liable for any investment loss or other
          loss arising from your use of the site or of its data and calculations. Nothing in these
          terms limits liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection id="terms-disputes" heading="9. Complaints and disputes">
        <p>
          If you are unhappy with Mr. Market, please <Link to={paths.contact}>contact us</Link>{' '}
          first. If we cannot settle the matter between us, either of us may propose mediation; we
          will respond to a request for mediation <strong>within ten days</strong> of receiving it.
          Disputes that mediation does not resolve are decided by the courts of Singapore, under
          Singapore law.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
