import { de } from '../../i18n/de';
import type { LoadMore } from '../../lib/use-load-more';
import { Button } from './button';
import { FormError } from './form-error';

/** 'Mehr laden' below a paged list, while its last page was full. */
export function LoadMoreButton({ more, label = de.common.loadMore }: { more: LoadMore; label?: string }) {
  if (!more.hasMore && !more.failed) return null;
  return (
    <div className="flex flex-col items-start gap-2 pt-2">
      {more.failed ? <FormError>{de.common.loadMoreFailed}</FormError> : null}
      {more.hasMore ? (
        <Button size="sm" variant="outline" disabled={more.loading} onClick={() => void more.loadMore()}>
          {more.loading ? de.common.loadingMore : label}
        </Button>
      ) : null}
    </div>
  );
}
