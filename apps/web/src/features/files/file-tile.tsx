import { useId, useState } from 'react';
import { formatFileSize } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { Download, History, Trash2, Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { dateText, dateTimeText } from '../../lib/date-time';
import { useModal } from '../../platform/modals/modal-context';
import { FilePreview } from './file-preview';
import { PlanVersionsDialog } from './plan-versions-dialog';
import { newVersionProps } from './new-version-props';

const t = de.files;

function uploaderOf(file: ProjectFile): string {
  return file.uploadedByName.trim() || t.unknownUploader;
}

interface FileTileProps {
  projectId: string;
  file: ProjectFile;
  deleting: boolean;
  onDelete(file: ProjectFile): void;
}

/**
 * One plan of 'Projektdateien', shown as its current version: preview, title, comment, size, who
 * uploaded it when ('Version 3 · 12.03.2026' once there are several), Download, 'Neue Version
 * hochladen', 'Versionen' and Löschen.
 */
export function FileTile({ projectId, file, deleting, onDelete }: FileTileProps) {
  const titleId = useId();
  const { openModal } = useModal();
  const [versionsOpen, setVersionsOpen] = useState(false);
  const versioned = file.versionCount > 1;
  return (
    <li className="min-w-0">
      <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded-lg border border-border p-3">
        <FilePreview file={file} />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="font-medium break-words">
            {file.name}
          </h3>
          {file.comment.trim() ? <p className="text-sm whitespace-pre-line break-words">{file.comment}</p> : null}
          {versioned ? <p className="text-sm font-medium">{t.versionLine(file.version, dateText(file.uploadedAt))}</p> : null}
          <p className="text-xs text-muted-foreground">{t.kindAndSize(file.documentType, formatFileSize(file.size))}</p>
          <p className="text-xs text-muted-foreground">{t.uploaded(uploaderOf(file), dateTimeText(file.uploadedAt))}</p>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          {/* A list kept on the device for reading offline has no download links. */}
          {file.url ? (
            <Button asChild variant="outline" size="sm">
              <a href={file.url} download={file.originalName} aria-label={t.downloadLabel(file.name)}>
                <Download aria-hidden />
                {t.download}
              </a>
            </Button>
          ) : null}
          <Button variant="outline" size="sm" aria-label={t.newVersionLabel(file.name)} onClick={() => openModal('UploadImage', newVersionProps(file))}>
            <Upload aria-hidden />
            {t.newVersion}
          </Button>
          {versioned ? (
            <Button variant="outline" size="sm" aria-label={t.versionsLabel(file.name)} onClick={() => setVersionsOpen(true)}>
              <History aria-hidden />
              {t.versions}
            </Button>
          ) : null}
          <Button variant="outline" size="sm" disabled={deleting} aria-label={t.deleteLabel(file.name)} onClick={() => onDelete(file)}>
            {deleting ? <Spinner /> : <Trash2 aria-hidden />}
            {t.delete}
          </Button>
        </div>
      </article>
      {versioned ? <PlanVersionsDialog projectId={projectId} file={file} open={versionsOpen} onOpenChange={setVersionsOpen} /> : null}
    </li>
  );
}
