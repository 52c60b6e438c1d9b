import { useId } from 'react';
import { Progress } from 'radix-ui';
import { de } from '../../i18n/de';

const t = de.projectOverview;
export const progressMax = 100;

/** A server progress as a whole percentage 0–100; null when unknown (the bar is then indeterminate). */
export function progressPercent(progress: number | null | undefined): number | null {
  if (progress === null || progress === undefined || !Number.isFinite(progress)) return null;
  return Math.min(progressMax, Math.max(0, Math.round(progress)));
}

interface ProjectProgressProps {
  /** Percent done; null or undefined while unknown. */
  value: number | null | undefined;
  /** The project status in German, e.g. 'In Bearbeitung'. */
  statusLabel?: string;
}

/**
 * 'Fortschritt:' as an accessible progress bar (maximum 100) with the states of spec section 4:
 * indeterminate without a value, loading below the maximum, complete at it.
 */
export function ProjectProgress({ value, statusLabel }: ProjectProgressProps) {
  const labelId = useId();
  const percent = progressPercent(value);
  const text = percent === null ? undefined : statusLabel ? t.progressValue(percent, statusLabel) : `${percent} %`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium">
          {t.progress}
        </span>
        {text ? <span className="text-muted-foreground">{text}</span> : null}
      </div>
      <Progress.Root
        value={percent}
        max={progressMax}
        aria-labelledby={labelId}
        getValueLabel={(current) => (statusLabel ? t.progressValue(current, statusLabel) : `${current} %`)}
        className="relative h-3 w-full overflow-hidden rounded-full bg-secondary"
      >
        <Progress.Indicator
          className="h-full bg-primary transition-[width] data-[state=indeterminate]:w-1/3 data-[state=indeterminate]:animate-pulse"
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </Progress.Root>
    </div>
  );
}
