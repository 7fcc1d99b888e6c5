import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { currentTime, now } from '../../lib/clock';
import { paths } from '../../lib/paths';

/** The year on the product's clock: the device's at once, the pinned clock's once the config is read. */
function useCurrentYear(): number {
  const [year, setYear] = useState(() => now().getFullYear());
  useEffect(() => {
    let live = true;
    void currentTime().then((t) => {
      if (live) setYear(t.getFullYear());
    });
    return () => {
      live = false;
    };
  }, []);
  return year;
}

const LINKS = [
  { to: paths.contact, label: 'Contact us' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms Of Use' },
  { to: paths.compliance, label: 'Compliance Note' },
] as const;

export function Footer() {
  const year = useCurrentYear();
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
        <p className="site-footer__copy">© {year} Mr. Market</p>
      </div>
    </footer>
  );
}
