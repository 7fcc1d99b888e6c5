import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { COMPANY, isSingaporeRegion, LEGAL_DATES, regionPlace } from '../company';
import {
  DataCollectedList,
  DeletionParagraph,
  NoCookiesParagraph,
  ProcessorsList,
} from '../components/DataFacts';
import { LegalDocument, LegalSection } from '../components/LegalDocument';
import { useSiteConfig } from '../components/useSiteConfig';

export function Component() {
  const config = useSiteConfig();
  const place = regionPlace(config?.region);
  const supportEmail = config?.supportEmail;
  return (
    <LegalDocument
      title="Data Protection Notice"
      dates={[
        `Effective ${LEGAL_DATES.dataProtectionEffective}`,
        `Last updated ${LEGAL_DATES.dataProtectionUpdated}`,
      ]}
      summary={
        <p>
          This notice explains how Mr. Market collects, uses, discloses and protects personal data
          under Singapore's Personal Data Protection Act 2012 (PDPA), and how you can exercise your
          rights. It adds to our <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      }
    >
      <LegalSection id="dpn-collected" heading="1. Personal data we collect">
        <DataCollectedList />
        <NoCookiesParagraph />
      </LegalSection>

      <LegalSection id="dpn-purposes" heading="2. Purposes">
        <p>We collect, use and disclose personal data only to:</p>
        <ol>
          <li>create and manage your account and verify your email address;</li>
          <li>
            store and show your valuations, pitches, tracked pitches, watchlist, screeners and paper
            portfolios;
          </li>
          <li>send service emails: verification codes, password resets and replies;</li>
          <li>respond to your questions, requests and complaints;</li>
          <li>keep the service secure, prevent abuse and fix faults;</li>
          <li>understand, in aggregate, which pages are used, where analytics is switched on;</li>
          <li>meet our obligations under the law.</li>
        </ol>
        <p>
          We do not use your data for marketing and do not sell it. If we want to use it for a new
          purpose, we will ask for your consent first.
        </p>
      </LegalSection>

      <LegalSection id="dpn-disclosure" heading="3. Who we disclose it to">
        <ProcessorsList place={place} />
        <p>
          These providers act on our instructions under contracts that require them to protect the
          data. We may also disclose data to public authorities where the law requires it.
        </p>
      </LegalSection>

      <LegalSection id="dpn-consent" heading="4. Consent and withdrawing it">
        <p>
          You give your consent when you create an account or send us a message. You may withdraw it
          at any time by writing to our data protection officer (section 9). We will tell you what
          withdrawing means for you: we cannot keep an account without an email address, so
          withdrawing consent to the account data means closing the account. The quickest way to do
          that is to delete your account yourself on My Account, which erases everything it holds.
        </p>
        <p>
          We will act on a withdrawal within ten business days of receiving it. Withdrawing does not
          affect what we did lawfully before, or data the law requires us to keep.
        </p>
      </LegalSection>

      <LegalSection id="dpn-access" heading="5. Access and correction">
        <p>
          You can see and change your user name and profile photo on My Account, and see and edit
          all your research in the app. You may also ask us for a copy of the personal data we hold
          about you and how it has been used or disclosed in the past year, or ask us to correct it.
        </p>
        <p>
          We generally answer a request <strong>within five business days</strong>. If we cannot, we
          will tell you within that time and answer <strong>within thirty days</strong> of receiving
          the request. We may need to confirm your identity first, usually by replying to the email
          address on your account.
        </p>
      </LegalSection>

      <LegalSection id="dpn-retention" heading="6. Retention">
        <DeletionParagraph />
        <p>
          Server logs are kept for 30 days and content delivery logs for up to a year. Contact
          messages are kept for as long as we need them to answer you and then for up to two years.
          We delete or anonymise data once it no longer serves a purpose above.
        </p>
      </LegalSection>

      <LegalSection id="dpn-transfer" heading="7. Transfer outside Singapore">
        {isSingaporeRegion(config?.region) ? (
          <p>
            Mr. Market stores your data in Singapore (AWS region ap-southeast-1). Email and support
            services may process it briefly outside Singapore.
          </p>
        ) : (
          <p>
            Mr. Market stores your data with Amazon Web Services in {place}, which is outside
            Singapore.
          </p>
        )}
        <p>
          When personal data leaves Singapore, we make sure it keeps a standard of protection
          comparable to the PDPA, through contracts with our providers (such as the AWS Data
          Processing Addendum) that bind them to protect it.
        </p>
      </LegalSection>

      <LegalSection id="dpn-protection" heading="8. How we protect it">
        <p>
          Data travels only over encrypted connections and is encrypted where it is stored. Every
          request is checked against your signed-in account, and each stored item belongs to a
          single user. Access to the systems is limited to the people who run the service. If a data
          breach ever affects you, we will tell you and the Personal Data Protection Commission as
          the law requires.
        </p>
      </LegalSection>

      <LegalSection id="dpn-contact" heading="9. Data protection officer">
        <p>
          Send requests, questions and complaints about personal data to our data protection
          officer:
        </p>
        <address>
          Data Protection Officer
          <br />
          {COMPANY.addressLines.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
          {supportEmail ? (
            <>
              Email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> (subject “Data
              protection”)
            </>
          ) : null}
        </address>
        <p>
          You can also use the <Link to={paths.contact}>contact form</Link>. If you are not
          satisfied with our answer, you may contact the Personal Data Protection Commission of
          Singapore.
        </p>
      </LegalSection>

      <LegalSection id="dpn-changes" heading="10. Changes to this notice">
        <p>
          We may update this notice. The dates at the top show when it took effect and when it last
          changed; we will tell account holders by email of any important change.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
