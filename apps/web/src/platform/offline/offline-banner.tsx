import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '../../lib/online-status';
import { offlineBannerText } from './offline-banner-time';
import { isConnectionLost, shownDataTime, subscribeConnectionLost } from './read-cache';

function OfflineNotice() {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const fetchedAt = useSyncExternalStore(subscribe, () => shownDataTime(client));
  return (
    <div role="status" className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950">
      <WifiOff aria-hidden className="size-4 shrink-0" />
      <span>{offlineBannerText(fetchedAt)}</span>
    </div>
  );
}

/**
 * At the top of every logged-in page while the device has no connection, or requests find no way to
 * the server: since when the shown data stands.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const lost = useSyncExternalStore(subscribeConnectionLost, isConnectionLost, () => false);
  return online && !lost ? null : <OfflineNotice />;
}
