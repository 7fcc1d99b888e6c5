import { useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAccountUser } from '../../lib/account-user';
import { useSession } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { LoginPrompt } from './LoginPrompt';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

const isMarket = (pathname: string) => pathname === '/' || /^\/market(\/|$)/i.test(pathname);

export function Header() {
  const session = useSession();
  const account = useAccountUser(session.status === 'signedIn' ? session.user.userId : undefined);
  const { pathname } = useLocation();
  const [promptFor, setPromptFor] = useState<string | null>(null);

  /** Guests asking for a login-only page get the login prompt instead. */
  const guard = (to: string) => (event: MouseEvent) => {
    if (session.status !== 'guest') return;
    event.preventDefault();
    setPromptFor(to);
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <nav className="main-nav" aria-label="Main">
          <ul>
            <li className="main-nav__brand">
              <Link
                to={paths.home}
                className="brand"
                aria-current={isMarket(pathname) ? 'page' : undefined}
              >
                <Logo />
                <span>Mr. Market</span>
              </Link>
            </li>
            <li>
              <NavLink to={paths.pitches} onClick={guard(paths.pitches)}>
                My Pitches
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.trackedPitches} onClick={guard(paths.trackedPitches)}>
                My Tracked Pitches
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.about}>About us</NavLink>
            </li>
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
