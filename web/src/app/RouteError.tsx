import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Page } from '../components/Page';
import { paths } from '../lib/paths';

/** Shown in place of a page that failed to load or render (for example after a new release). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title="Page not found">
        <p>
          <Link to={paths.home}>Go to Mr. Market</Link>
        </p>
      </Page>
    );
  }
  console.error(error);
  return (
    <Page title="Something went wrong">
      <p>This page could not be shown. Please reload and try again.</p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </p>
    </Page>
  );
}
