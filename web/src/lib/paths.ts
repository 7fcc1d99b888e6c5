/**
 * Paths of the app's screens, spelled as the product has always spelled them (react-router
 * matches them case-insensitively, so `/login` also answers `/Login`).
 */
export const paths = {
  home: '/',
  market: '/Market',
  savedValuation: (id: string) => `/Market/${encodeURIComponent(id)}`,
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forget',
  signupSuccess: '/sucess',
  resetRequested: '/ResetSucess',
  resetDone: '/ResetSucessmsg',
  resetPassword: (code: string) => `/reset_password/${encodeURIComponent(code)}`,
  verifyAccount: (code: string) => `/Verify_account/${encodeURIComponent(code)}`,
  logout: '/logout',
  pitches: '/Pitches',
  trackedPitches: '/Mytrackedpitches',
  myAccount: '/Myaccount',
  portfolio: '/Portfolio',
  /** Dividend income of every portfolio together. */
  portfolioIncome: '/Portfolio/Income',
  dashboard: '/Dashboard',
  screener: '/Screener',
  heatmap: '/Heatmap',
  compare: '/Compare',
  watchlist: '/Watchlist',
  alerts: '/Alerts',
  alertsUnsubscribe: '/alerts/unsubscribe',
  about: '/Aboutus',
  contact: '/Contactus',
  privacy: '/Privacypolicy',
  terms: '/Termsofuse',
  compliance: '/Compliance',
  dataProtection: '/DataProtection',
  comingSoon: '/EmptyPage',
} as const;

/** Router state the login-required wrapper leaves on its redirect to `/login`. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after signing in: the page that asked for a login, else home. */
export function afterLoginPath(state: unknown): string {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/'))
    return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
