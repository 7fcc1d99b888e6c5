import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';

const LINKS = [
  { to: paths.contact, label: 'Contact us' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms Of Use' },
  { to: paths.compliance, label: 'Compliance Note' },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">© 2022 Mr. Market</p>
      </div>
    </footer>
  );
}
