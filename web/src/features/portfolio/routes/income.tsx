import { Link } from 'react-router-dom';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { IncomePanel } from '../components/IncomePanel';
import '../portfolio.css';

/** Dividend income of every portfolio together (each portfolio's is its Income tab). */
export function Component() {
  return (
    <Page title="Income from all portfolios" className="portfolio-page portfolio-income-page">
      <p className="portfolio-income-page__back">
        <Link to={paths.portfolio}>Back to your portfolios</Link>
      </p>
      <IncomePanel />
    </Page>
  );
}
