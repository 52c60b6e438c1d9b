import { useId } from 'react';
import { Progress } from 'radix-ui';
import { de } from '../../i18n/de';

const t = de.files.modal;
const complete = 100;

/** Screen readers hear every tenth percent, not every progress event. */
const announcedStep = (percent: number) => Math.floor(percent / 10) * 10;

/**
 * The transfer as an accessible progress bar (spec section 4: indeterminate, loading, complete):
 * indeterminate while the browser cannot tell, then the share sent as '42 %'.
 */
export function UploadProgress({ percent }: { percent: number | null }) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium">
          {t.progress}
        </span>
        {percent === null ? null : (
          <span aria-hidden className="tabular-nums text-muted-foreground">
            {t.percent(percent)}
          </span>
        )}
      </div>
      <Progress.Root
        value={percent}
        max={complete}
        aria-labelledby={labelId}
        getValueLabel={(value) => t.percent(value)}
        className="relative h-3 w-full overflow-hidden rounded-full bg-secondary"
      >
        <Progress.Indicator
          className="h-full bg-primary transition-[width] data-[state=indeterminate]:w-1/3 data-[state=indeterminate]:animate-pulse"
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </Progress.Root>
      <p aria-live="polite" className="sr-only">
        {percent === null ? '' : t.progressAnnouncement(announcedStep(percent))}
      </p>
      {percent === complete ? <p className="text-sm text-muted-foreground">{t.processing}</p> : null}
    </div>
  );
}
