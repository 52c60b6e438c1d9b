import { useId, type ReactNode } from 'react';
import { Progress } from 'radix-ui';

const percentMax = 100;

interface ProgressBarProps {
  label: string;
  /** Whole percent 0–100; null while unknown, which makes the bar indeterminate. */
  percent: number | null;
  /** What the value reads as, shown beside the label and given to assistive technology. */
  valueText(percent: number): string;
  /** Shown and announced alike (true), or shown only because a live region announces it (false). */
  showValueToScreenReaders?: boolean;
  children?: ReactNode;
}

/**
 * A labelled progress bar with the states of spec section 4: indeterminate without a value,
 * loading below the maximum, complete at it.
 */
export function ProgressBar({ label, percent, valueText, showValueToScreenReaders = true, children }: ProgressBarProps) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        {percent === null ? null : (
          <span aria-hidden={!showValueToScreenReaders || undefined} className="tabular-nums text-muted-foreground">
            {valueText(percent)}
          </span>
        )}
      </div>
      <Progress.Root
        value={percent}
        max={percentMax}
        aria-labelledby={labelId}
        getValueLabel={valueText}
        className="relative h-3 w-full overflow-hidden rounded-full bg-secondary"
      >
        <Progress.Indicator
          className="h-full bg-primary transition-[width] data-[state=indeterminate]:w-1/3 data-[state=indeterminate]:animate-pulse"
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </Progress.Root>
      {children}
    </div>
  );
}
