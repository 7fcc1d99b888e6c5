import type { ReactNode } from 'react';
import { Page } from '../../../components/Page';
import '../auth.css';

/** The frame of the sign-in screens: a centred card with the page's heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} className="auth-card">
      {children}
    </Page>
  );
}
