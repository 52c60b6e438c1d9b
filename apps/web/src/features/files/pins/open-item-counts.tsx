import { useQuery } from '@tanstack/react-query';
import { liveDestinations } from '@bauakte/domain/labels';
import { pinKeys } from '../../../lib/query-keys';
import { de } from '../../../i18n/de';
import { useLiveReread } from '../../../platform/live/use-live-reread';
import { useSession } from '../../../platform/session/session-context';
import { fetchOpenItemCounts } from './open-item-summaries-api';

/**
 * The dashboards' counts and the user's own items are read again when the live channel says the
 * items of one of the user's projects changed: one topic per user, however many projects are listed.
 */
export function useLiveItemCounts(): void {
  const { user } = useSession();
  // Every row listens; the first of them reads again, the others join that reading.
  useLiveReread(user ? liveDestinations.userItems(user.username) : null, [pinKeys.counts, pinKeys.mine], 'join');
}

/** One request for every project listed: the rows share its answer (and the live channel's one subscription). */
function useOpenItemCounts() {
  useLiveItemCounts();
  return useQuery({ queryKey: pinKeys.counts, queryFn: fetchOpenItemCounts });
}

/** 'N offen, davon M überfällig' under a project listed on a dashboard; nothing while it has no open items. */
export function OpenItemCountLine({ projectId }: { projectId: number }) {
  const counts = useOpenItemCounts();
  const row = counts.data?.find((each) => each.projectId === projectId);
  if (!row || row.open === 0) return null;
  return (
    <span className={`text-xs ${row.overdue > 0 ? 'font-medium text-destructive' : 'text-muted-foreground'}`}>
      <span className="sr-only">{de.openItems.countsLabel}: </span>
      {de.openItems.counts(row.open, row.overdue)}
    </span>
  );
}
