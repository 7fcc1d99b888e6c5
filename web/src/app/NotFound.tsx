import { Link } from 'react-router-dom';
import { Page } from '../components/Page';
import { paths } from '../lib/paths';

export function Component() {
  return (
    <Page title="Page not found" className="not-found">
      <p>
        We could not find the page you asked for. The address may be mistyped, or the page has
        moved.
      </p>
      <p>
        <Link to={paths.home} className="button button--primary">
          Go to Mr. Market
        </Link>
      </p>
    </Page>
  );
}
