import { ProgressBar } from '../../components/ui/progress-bar';
import { de } from '../../i18n/de';

const t = de.files.modal;
const complete = 100;

/** Screen readers hear every tenth percent, not every progress event. */
const announcedStep = (percent: number) => Math.floor(percent / 10) * 10;

/**
 * The transfer as an accessible progress bar: indeterminate while the browser cannot tell, then
 * the share sent as '42 %'; at 100 % the server still checks and stores the file.
 */
export function UploadProgress({ percent }: { percent: number | null }) {
  return (
    <ProgressBar label={t.progress} percent={percent} valueText={t.percent} showValueToScreenReaders={false}>
      <p aria-live="polite" className="sr-only">
        {percent === null ? '' : t.progressAnnouncement(announcedStep(percent))}
      </p>
      {percent === complete ? <p className="text-sm text-muted-foreground">{t.processing}</p> : null}
    </ProgressBar>
  );
}
