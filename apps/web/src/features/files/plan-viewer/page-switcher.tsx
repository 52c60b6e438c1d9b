import { memo } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { de } from '../../../i18n/de';

const t = de.files.viewer;

/** 44 px targets; aria-disabled rather than disabled, so focus stays on the button at the first or last page. */
export const viewerButtonClassName = 'size-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

interface PageSwitcherProps {
  page: number;
  pageCount: number;
  onPage(page: number): void;
}

/** 'Seite 2 von 5' between 'Vorherige Seite' and 'Nächste Seite'; memoised, as the viewer's body renders again whenever a zoom is laid out. */
export const PageSwitcher = memo(function PageSwitcher({ page, pageCount, onPage }: PageSwitcherProps) {
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <div role="group" aria-label={t.pages} className="flex items-center gap-1">
      <Button variant="outline" size="icon" className={viewerButtonClassName} aria-label={t.previousPage} aria-disabled={first} onClick={() => !first && onPage(page - 1)}>
        <ChevronLeft aria-hidden />
      </Button>
      <p aria-live="polite" className="min-w-[7.5rem] px-1 text-center text-sm tabular-nums">
        {t.pageOf(page, pageCount)}
      </p>
      <Button variant="outline" size="icon" className={viewerButtonClassName} aria-label={t.nextPage} aria-disabled={last} onClick={() => !last && onPage(page + 1)}>
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
});

/** The page a PageUp / PageDown leads to, within the document. */
export function pageAfterKey(key: string, page: number, pageCount: number): number | null {
  if (key === 'PageDown') return Math.min(pageCount, page + 1);
  if (key === 'PageUp') return Math.max(1, page - 1);
  return null;
}
