import { Link } from 'react-router-dom';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import '../coming-soon.css';

export function Component() {
  return (
    <Page title="Coming Soon" className="coming-soon">
      <svg className="coming-soon__art" viewBox="0 0 120 120" aria-hidden="true">
        <circle cx="60" cy="60" r="56" fill="#eaf2fb" />
        <path d="M28 86h64" stroke="#12355b" strokeWidth="5" strokeLinecap="round" />
        <path
          d="M34 78l16-18 12 10 22-28"
          fill="none"
          stroke="#1b7f5a"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="84" cy="42" r="6" fill="#f2b134" />
      </svg>
      <p>This part of Mr. Market is on its way. Please check back soon.</p>
      <div className="coming-soon__actions">
        <Link className="button button--primary" to={paths.market}>
          Go to Mr. Market
        </Link>
        <Link className="button button--ghost" to={paths.about}>
          About us
        </Link>
      </div>
    </Page>
  );
}
