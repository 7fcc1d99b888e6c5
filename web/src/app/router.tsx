import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { paths } from '../lib/paths';
import { Layout } from './Layout';
import { ProtectedRoute } from './ProtectedRoute';
import { RouteError } from './RouteError';

/*
 * Every screen of the product. Paths keep the product's spellings; react-router matches
 * case-insensitively, so `/Login`, `/Sucess`, `/Logout` and `/market` need no entries of
 * their own. Route modules are loaded on demand and export `Component`.
 */

const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/market') },
  { path: 'Market', lazy: () => import('./routes/market') },
  { path: 'Market/:id', lazy: () => import('./routes/saved-valuation') },

  { path: 'login', lazy: () => import('../features/auth/routes/login') },
  { path: 'signup', lazy: () => import('../features/auth/routes/signup') },
  { path: 'forget', lazy: () => import('../features/auth/routes/forgot-password') },
  { path: 'sucess', lazy: () => import('../features/auth/routes/signup-success') },
  { path: 'success', lazy: () => import('../features/auth/routes/signup-success') },
  { path: 'ResetSucess', lazy: () => import('../features/auth/routes/reset-requested') },
  { path: 'ResetSuccess', lazy: () => import('../features/auth/routes/reset-requested') },
  { path: 'ResetSucessmsg', lazy: () => import('../features/auth/routes/reset-done') },
  { path: 'ResetSuccessmsg', lazy: () => import('../features/auth/routes/reset-done') },
  { path: 'reset_password/:code', lazy: () => import('../features/auth/routes/reset-password') },
  { path: 'Verify_account/:code', lazy: () => import('../features/auth/routes/verify-account') },
  { path: 'logout', lazy: () => import('../features/auth/routes/logout') },

  { path: 'Aboutus', lazy: () => import('../features/about/routes/about') },
  { path: 'Contactus', lazy: () => import('../features/legal/routes/contact') },
  { path: 'Privacypolicy', lazy: () => import('../features/legal/routes/privacy-policy') },
  { path: 'Termsofuse', lazy: () => import('../features/legal/routes/terms-of-use') },
  { path: 'Compliance', lazy: () => import('../features/legal/routes/compliance') },
  { path: 'DataProtection', lazy: () => import('../features/legal/routes/data-protection') },
  { path: 'EmptyPage', lazy: () => import('../features/coming-soon/routes/empty-page') },
  { path: 'alerts/unsubscribe', lazy: () => import('../features/alerts/routes/unsubscribe') },
  { path: 'p/:slug', lazy: () => import('../features/sharing/routes/public-pitch') },
  { path: 'u/:slug', lazy: () => import('../features/sharing/routes/public-record') },
  { path: 'Heatmap', lazy: () => import('../features/heatmap/routes/heatmap') },
  { path: 'Compare', lazy: () => import('./routes/compare') },
];

/**
 * Older screens the product listed as login-only; they live on inside the Market screen now,
 * each as the company view it showed (`?show=`; the stock is chosen there, or kept from the
 * address).
 */
export const MARKET_ALIASES: Readonly<Record<string, string | null>> = {
  Market_details: 'price',
  BalanceSheet: 'balance-sheet-annual',
  Cashflowstatement: 'cash-flow-statement-annual',
  news: 'news',
  Header: null,
  InvesmentDropDowns: 'investment-highlights',
};

/** The Market screen an old path opens, with the view it showed and the query it came with. */
function MarketAlias({ show }: { show: string | null }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (show) params.set('show', show);
  const query = params.toString();
  return <Navigate to={query ? `${paths.market}?${query}` : paths.market} replace />;
}

const loginRoutes: RouteObject[] = [
  { path: 'Pitches', lazy: () => import('../features/pitches/routes/pitches') },
  { path: 'Mytrackedpitches', lazy: () => import('../features/tracking/routes/tracked-pitches') },
  { path: 'Myaccount', lazy: () => import('../features/account/routes/my-account') },
  { path: 'Portfolio', lazy: () => import('../features/portfolio/routes/portfolio') },
  { path: 'Portfolio/Income', lazy: () => import('../features/portfolio/routes/income') },
  { path: 'Dashboard', lazy: () => import('../features/dashboard/routes/dashboard') },
  { path: 'Screener', lazy: () => import('../features/screener/routes/screener') },
  { path: 'Watchlist', lazy: () => import('../features/watchlist/routes/watchlist') },
  { path: 'Alerts', lazy: () => import('../features/alerts/routes/my-alerts') },
  ...Object.entries(MARKET_ALIASES).map(([path, show]) => ({
    path,
    element: <MarketAlias show={show} />,
  })),
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    hydrateFallbackElement: (
      <Layout>
        <Loading />
      </Layout>
    ),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { element: <ProtectedRoute />, children: loginRoutes },
          { path: '*', lazy: () => import('./NotFound') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
