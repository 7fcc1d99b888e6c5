import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { LEGAL_DATES, regionPlace } from '../company';
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
  return (
    <LegalDocument
      title="Privacy Policy"
      dates={[`Last updated ${LEGAL_DATES.privacyUpdated}`]}
      summary={
        <>
          <p>
            We collect only what Mr. Market needs to give you an account and keep your research, we
            do not sell or share it for advertising, and you can erase all of it by deleting your
            account.
          </p>
          <p>
            Our <Link to={paths.dataProtection}>Data Protection Notice</Link> sets out your rights
            under Singapore's Personal Data Protection Act and how to use them.
          </p>
        </>
      }
    >
      <LegalSection id="privacy-collect" heading="What we collect">
        <p>Guests can browse without giving us anything. With an account, we hold:</p>
        <DataCollectedList />
      </LegalSection>

      <LegalSection id="privacy-use" heading="How we use it">
        <ul>
          <li>to create your account, sign you in and keep it secure;</li>
          <li>to store and show your pitches, tracked pitches, watchlist and portfolios;</li>
          <li>
            to send emails you need: the verification code, password resets and replies to your
            messages (we send no marketing email);
          </li>
          <li>to answer your questions and requests;</li>
          <li>to find and fix faults and abuse, and to understand which pages are used.</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-cookies" heading="Cookies and tracking">
        <NoCookiesParagraph />
      </LegalSection>

      <LegalSection id="privacy-share" heading="Who processes it for us">
        <p>We do not sell personal data. These services process it on our behalf:</p>
        <ProcessorsList place={place} />
        <p>
          We may also disclose data where the law requires it. Your research is private: other users
          cannot see it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-security" heading="Security">
        <p>
          The site is served only over HTTPS. Data is encrypted at rest, each request is checked
          against your signed-in account, and every stored item belongs to one user. Only the people
          who run the service can reach the systems, and only to run it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-keep" heading="How long we keep it, and deleting it">
        <DeletionParagraph />
        <p>
          Server logs are kept for 30 days and content delivery logs for up to a year. Contact
          messages are kept for as long as we need them to answer you and then for up to two years.
        </p>
      </LegalSection>

      <LegalSection id="privacy-rights" heading="Your choices">
        <p>
          You can change your user name and photo on My Account, ask us for a copy of your data or
          to correct it, and withdraw your consent. See the{' '}
          <Link to={paths.dataProtection}>Data Protection Notice</Link> for how, and{' '}
          <Link to={paths.contact}>contact us</Link> with any question.
        </p>
      </LegalSection>

      <LegalSection id="privacy-age" heading="Age">
        <p>Accounts are for people aged 21 and over.</p>
      </LegalSection>
    </LegalDocument>
  );
}
