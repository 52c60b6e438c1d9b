import { useEffect } from 'react';
import { deStart as de } from '../i18n/de-start';

/**
 * Names the browser tab (and the history entry, which a screen reader announces on navigation)
 * after the page: 'Dashboard – Bauakte'. Every route sets its own, so none needs to restore the last.
 */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = de.documentTitles.of(page);
  }, [page]);
}
