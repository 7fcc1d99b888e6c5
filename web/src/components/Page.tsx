import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageProps {
  /** Tab title ("My Pitches" becomes "My Pitches · Mr. Market") and, unless `heading` is given, the heading. */
  title: string;
  heading?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A screen's frame: sets the document title and renders the page's one h1. */
export function Page({ title, heading, children, className }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={['page', className].filter(Boolean).join(' ')}>
      <h1 className="page__title">{heading ?? title}</h1>
      {children}
    </div>
  );
}

/** A screen that is not built yet: its title and a sentence on what it will hold. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title}>
      <div className="placeholder">{children}</div>
    </Page>
  );
}
