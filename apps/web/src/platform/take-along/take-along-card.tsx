import { useEffect, useState } from 'react';
import { CloudDownload, Trash2 } from 'lucide-react';
import { oneDecimalText } from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { ProgressBar } from '../../components/ui/progress-bar';
import { SectionCard } from '../../components/section-card';
import { de } from '../../i18n/de';
import { useOnlineStatus } from '../../lib/online-status';
import { takeAlongBounds } from './take-along';
import { keptText, progressPercent, useTakeAlong } from './use-take-along';

const t = de.takeAlong;

// Without Intl: the first formatter a page builds loads the locale's data, a long task while the overview starts.
const megabytes = (bytes: number) => `${oneDecimalText(bytes / (1024 * 1024))} MB`;
/** A project's size: kB below a megabyte (a project of photos and one-page plans), else MB. */
const keptSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : megabytes(bytes));
const storageSize = (bytes: number) => (bytes >= 1024 ** 3 ? `${oneDecimalText(bytes / 1024 ** 3)} GB` : megabytes(bytes));

/** The device's storage as the browser counts it, and whether it keeps this site's data for good. */
function useStorageUse(refreshedAt: number | undefined): { used: number; quota: number; persisted: boolean } | null {
  const [use, setUse] = useState<{ used: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return;
    let cancelled = false;
    void Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(false)])
      .then(([estimate, persisted]) => {
        if (!cancelled) setUse({ used: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [refreshedAt]);
  return use;
}

/** 'Offline verfügbar': takes the project along onto this device for a site without a connection. */
export function TakeAlongCard({ projectId, className }: { projectId: string; className?: string }) {
  const { kept, progress, failed, keep, remove } = useTakeAlong(projectId);
  const online = useOnlineStatus();
  const storage = useStorageUse(kept?.keptAt);
  const percent = progress ? progressPercent(progress) : null;
  return (
    <SectionCard title={t.title} className={className}>
      <div className="flex flex-col gap-3">
        {kept ? <p className="font-medium">{keptText(kept.keptAt)}</p> : <p className="text-sm text-muted-foreground">{t.intro}</p>}
        {kept ? <p className="text-sm">{t.size(keptSize(kept.bytes))}</p> : null}
        {kept && kept.pagesSkipped > 0 ? <p className="text-sm text-amber-800 dark:text-amber-200">{t.skipped(kept.pagesSkipped, takeAlongBounds.maxPagesPerPlan, `${takeAlongBounds.maxBytes / (1024 * 1024)} MB`)}</p> : null}
        {progress ? <ProgressBar label={t.progressLabel} percent={percent} valueText={t.progressValue} /> : null}
        {failed ? <p role="alert" className="text-sm text-destructive">{t.failed}</p> : null}
        {online ? (
          <div className="flex flex-wrap gap-2">
            <Button className="h-11 sm:h-9" disabled={progress !== null} onClick={() => void keep()}>
              <CloudDownload aria-hidden />
              {progress ? t.keeping : kept ? t.refresh : t.keep}
            </Button>
            {kept && !progress ? (
              <Button variant="outline" className="h-11 sm:h-9" onClick={() => void remove()}>
                <Trash2 aria-hidden />
                {t.remove}
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t.offlineHint}</p>
        )}
        {storage ? <p className="text-xs text-muted-foreground">{t.storage(storageSize(storage.used), storageSize(storage.quota))}{storage.persisted ? ` ${t.persistent}` : ''}</p> : null}
      </div>
    </SectionCard>
  );
}
