import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAccountUser } from '../../lib/account-user';
import { useSession } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { LoginPrompt } from './LoginPrompt';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

const isMarket = (pathname: string) => pathname === '/' || /^\/market(\/|$)/i.test(pathname);

/**
 * The main navigation after the brand: the seed's items in their order, then the features
 * that were placeholders when it was drawn. `login`: a guest gets the login prompt instead.
 */
export const NAV_ITEMS: readonly { label: string; to: string; login: boolean }[] = [
  { label: 'My Pitches', to: paths.pitches, login: true },
  { label: 'My Tracked Pitches', to: paths.trackedPitches, login: true },
  { label: 'Portfolio', to: paths.portfolio, login: true },
  { label: 'Watchlist', to: paths.watchlist, login: true },
  { label: 'Screener', to: paths.screener, login: true },
  { label: 'Heatmap', to: paths.heatmap, login: false },
  { label: 'About us', to: paths.about, login: false },
];

export function Header() {
  const session = useSession();
  const account = useAccountUser(session.status === 'signedIn' ? session.user.userId : undefined);
  const { pathname } = useLocation();
  const [promptFor, setPromptFor] = useState<string | null>(null);
  // On a phone the links fold behind a menu button (a disclosure; CSS shows both on wider screens).
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  /** Guests asking for a login-only page get the login prompt instead. */
  const guard = (to: string) => (event: MouseEvent) => {
    setMenuOpen(false);
    if (session.status !== 'guest') return;
    event.preventDefault();
    setPromptFor(to);
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <nav className={`main-nav${menuOpen ? ' main-nav--open' : ''}`} aria-label="Main" ref={nav}>
          <Link
            to={paths.home}
            className="brand"
            aria-current={isMarket(pathname) ? 'page' : undefined}
          >
            <Logo />
            <span>Mr. Market</span>
          </Link>
          <button
            type="button"
            className="main-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            ref={menuButton}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="main-nav__toggle-bars" aria-hidden="true" />
            <span className="main-nav__toggle-label">Menu</span>
          </button>
          <ul id={menuId}>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={item.login ? guard(item.to) : () => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__account">
          {session.status === 'signedIn' && (
            <UserMenu
              name={account.data?.user.name ?? session.user.name}
              {...(account.data?.user.profile_image_url
                ? { imageUrl: account.data.user.profile_image_url }
                : {})}
            />
          )}
          {session.status === 'guest' && (
            <>
              <Link to={paths.signup} className="button button--primary">
                Sign Up
              </Link>
              <Link to={paths.login} className="button button--ghost">
                Login
              </Link>
            </>
          )}
        </div>
      </div>
      {promptFor && <LoginPrompt target={promptFor} onClose={() => setPromptFor(null)} />}
    </header>
  );
}
