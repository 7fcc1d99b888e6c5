import type { ReactNode } from 'react';
import { Page } from '../../../components/Page';
import '../legal.css';

interface LegalDocumentProps {
  title: string;
  /** "Last updated 18/05/2022" and the like, shown under the title. */
  dates: string[];
  /** One or two sentences on what the document is. */
  summary: ReactNode;
  children: ReactNode;
}

/** A legal page: title, dates, a summary and numbered sections. */
export function LegalDocument({ title, dates, summary, children }: LegalDocumentProps) {
  return (
    <Page title={title} className="legal">
      {dates.length > 0 ? (
        <p className="legal__dates">
          {dates.map((d) => (
            <span key={d}>{d}</span>
          ))}
        </p>
      ) : null}
      <div className="legal__summary">{summary}</div>
      <div className="legal__body">{children}</div>
    </Page>
  );
}

/** A section of a legal page with its h2. */
export function LegalSection({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section className="legal__section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}
