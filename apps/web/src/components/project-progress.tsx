import { ProgressBar } from './ui/progress-bar';
import { de } from '../i18n/de';

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

/** 'Fortschritt:' as an accessible progress bar, with the project's status beside the percentage. */
export function ProjectProgress({ value, statusLabel }: ProjectProgressProps) {
  const valueText = (percent: number) => (statusLabel ? t.progressValue(percent, statusLabel) : `${percent} %`);
  return <ProgressBar label={t.progress} percent={progressPercent(value)} valueText={valueText} />;
}
