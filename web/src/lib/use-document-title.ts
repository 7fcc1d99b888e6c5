import { useEffect } from 'react';

export const BRAND = 'Mr. Market';

/** "My Pitches · Mr. Market"; the brand alone for the home page. */
export function documentTitle(title?: string): string {
  return title && title !== BRAND ? `${title} · ${BRAND}` : BRAND;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
