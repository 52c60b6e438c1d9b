import { formatFileSize } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { Columns2, Download, Eye } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { QueryStates } from '../../components/ui/query-states';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { previewKindOf } from './preview-kind';
import { usePlanVersions } from './use-plan-versions';

const t = de.files;

/** What a version's entry offers besides its download: opening it in the viewer, comparing the versions. */
export interface VersionActions {
  onView(file: ProjectFile): void;
  onCompare(): void;
}

function VersionEntry({ file, current, onView }: { file: ProjectFile; current: boolean; onView?: VersionActions['onView'] }) {
  const who = file.uploadedByName.trim() || t.unknownUploader;
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">
          {t.version(file.version)}
          {current ? <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">{t.currentVersion}</span> : null}
        </p>
        <p className="text-sm break-words">{file.name}</p>
        <p className="text-xs text-muted-foreground">
          {t.versionUploaded(who, dateTimeText(file.uploadedAt))} · {t.kindAndSize(file.documentType, formatFileSize(file.size))}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
        {onView && previewKindOf(file) !== 'unsupported' ? (
          <Button variant="outline" size="sm" aria-label={t.versionViewLabel(file.version)} onClick={() => onView(file)}>
            <Eye aria-hidden />
            {t.versionView}
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <a href={file.url} download={file.originalName} aria-label={t.versionDownloadLabel(file.name, file.version)}>
            <Download aria-hidden />
            {t.download}
          </a>
        </Button>
      </div>
    </li>
  );
}

/**
 * The versions of a plan, newest first: number, title, when and by whom, 'Im Viewer öffnen' and a
 * download of each; the current one marked 'aktuell'; 'Versionen vergleichen' above them once there
 * are two that can be shown. Names the plan by any of its files' ids.
 */
export function PlanVersions({ projectId, fileId, actions }: { projectId: string; fileId: number; actions?: VersionActions }) {
  const versions = usePlanVersions(projectId, fileId);
  return (
    <QueryStates query={versions} errorText={t.versionsLoadFailed} emptyText={t.versionsEmpty}>
      {(files) => {
        const comparable = files.filter((file) => previewKindOf(file) !== 'unsupported');
        return (
          <div className="flex flex-col gap-2">
            {actions && comparable.length > 1 ? (
              <Button variant="outline" size="sm" className="self-start" onClick={actions.onCompare}>
                <Columns2 aria-hidden />
                {t.compare.open}
              </Button>
            ) : null}
            <ol aria-label={t.versions} className="flex flex-col">
              {files.map((file, index) => (
                <VersionEntry key={file.id} file={file} current={index === 0} onView={actions?.onView} />
              ))}
            </ol>
          </div>
        );
      }}
    </QueryStates>
  );
}
