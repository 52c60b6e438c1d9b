import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { de } from '../../i18n/de';
import { useLeaveAfterAsking } from '../unsaved-changes/unsaved-changes-context';
import { useWaitingVersion } from './app-update-state';

/**
 * 'Neue Version verfügbar': a new version never takes over under the user. It waits until they
 * choose 'Neu laden', which asks first when a form holds unsaved input, as leaving the page does.
 */
export function AppUpdateNotice() {
  const activate = useWaitingVersion();
  const leaveAfterAsking = useLeaveAfterAsking();
  if (!activate) return null;
  return (
    <div role="status" className="fixed right-4 bottom-4 left-4 z-40 flex items-center justify-between gap-3 rounded-lg border border-border bg-background p-3 shadow-lg sm:left-auto sm:w-80">
      <span className="text-sm font-medium">{de.offlineApp.updateAvailable}</span>
      <Button size="sm" onClick={() => leaveAfterAsking(activate)}>
        <RefreshCw aria-hidden />
        {de.offlineApp.updateReload}
      </Button>
    </div>
  );
}
