import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { PageViews } from '../features/analytics/usePageViews';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { IndexBarSlot } from './layout/IndexBarSlot';

/** Index bar, header, the page, footer. */
export function Layout({ children }: { children?: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <IndexBarSlot />
      <Header />
      <NavigationProgress />
      <main id="main" className="site-main" tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <Footer />
      {/* Not in the loading shell: the page it stands for is counted once it shows. */}
      {children ? null : <PageViews />}
    </div>
  );
}

/** A thin bar while the next page's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  return (
    <div className="route-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
  );
}
