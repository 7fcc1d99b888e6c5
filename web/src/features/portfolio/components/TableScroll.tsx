import type { ReactNode } from 'react';

/**
 * A wide table's card: it scrolls sideways inside (never the page) and can be focused to
 * scroll with the keyboard; `label` names it ("…, scrollable").
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="portfolio-table__scroll table-scroll"
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
    >
      {children}
    </div>
  );
}
