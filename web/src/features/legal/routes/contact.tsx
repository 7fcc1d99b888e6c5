import { Page } from '../../../components/Page';
import { COMPANY } from '../company';
import { ContactForm } from '../components/ContactForm';
import { useSiteConfig } from '../components/useSiteConfig';
import '../legal.css';

export function Component() {
  const config = useSiteConfig();
  const supportEmail = config?.supportEmail;
  return (
    <Page title="Contact Us" className="legal contact">
      <p className="lead">
        Questions about a valuation, your account or your personal data? Write to us and we will get
        back to you.
      </p>
      <div className="contact__grid">
        <section className="contact__card" aria-labelledby="contact-reach">
          <h2 id="contact-reach">Reach us</h2>
          <dl>
            <dt>Postal address</dt>
            <dd>
              <address>
                {COMPANY.addressLines.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </dd>
            <dt>Support email</dt>
            <dd>
              {supportEmail ? (
                <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              ) : config === undefined ? (
                '…'
              ) : (
                'Please use the form on this page.'
              )}
            </dd>
          </dl>
        </section>
        <section className="contact__card" aria-labelledby="contact-write">
          <h2 id="contact-write">Send us a message</h2>
          <ContactForm />
        </section>
      </div>
    </Page>
  );
}
