import { formatFileSize } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { QueryStates } from '../../components/ui/query-states';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { usePlanVersions } from './use-plan-versions';

const t = de.files;

function VersionEntry({ file, current }: { file: ProjectFile; current: boolean }) {
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
      <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
        <a href={file.url} download={file.originalName} aria-label={t.versionDownloadLabel(file.name, file.version)}>
          <Download aria-hidden />
          {t.download}
        </a>
      </Button>
    </li>
  );
}

/**
 * The versions of a plan, newest first: number, title, when and by whom, a download of each; the
 * current one marked 'aktuell'. Names the plan by any of its files' ids.
 */
export function PlanVersions({ projectId, fileId }: { projectId: string; fileId: number }) {
  const versions = usePlanVersions(projectId, fileId);
  return (
    <QueryStates query={versions} errorText={t.versionsLoadFailed} emptyText={t.versionsEmpty}>
      {(files) => (
        <ol aria-label={t.versions} className="flex flex-col">
          {files.map((file, index) => (
            <VersionEntry key={file.id} file={file} current={index === 0} />
          ))}
        </ol>
      )}
    </QueryStates>
  );
}
