import { useId } from 'react';
import { CloudDownload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ProgressBar } from '../../components/ui/progress-bar';
import { de } from '../../i18n/de';
import { useOnlineStatus } from '../../lib/online-status';
import { keptText, progressPercent, useTakeAlong } from './use-take-along';

const t = de.takeAlong;

/**
 * A project list's 'Offline verfügbar machen' for one project: takes it along as the overview's card
 * does, then says since when it is kept. Removing it is the overview's (the card says what it takes).
 */
export function TakeAlongButton({ projectId, projectName }: { projectId: number; projectName: string }) {
  const { kept, progress, failed, keep } = useTakeAlong(String(projectId));
  const online = useOnlineStatus();
  const describedBy = useId();
  if (progress) return <ProgressBar label={t.progressLabel} percent={progressPercent(progress)} valueText={t.progressValue} />;
  return (
    <div className="flex flex-col gap-1">
      {kept ? <p className="text-xs text-muted-foreground">{keptText(kept.keptAt)}</p> : null}
      {failed ? <p role="alert" className="text-xs text-destructive">{t.failed}</p> : null}
      {online && !kept ? (
        <Button variant="outline" className="h-11 w-full sm:h-9 sm:w-auto" aria-describedby={describedBy} onClick={() => void keep()}>
          <CloudDownload aria-hidden />
          {t.keep}
          {/* Which project, for a screen reader among the list's rows; not in the name, which stays the card's. */}
          <span id={describedBy} hidden>
            {projectName}
          </span>
        </Button>
      ) : null}
    </div>
  );
}
