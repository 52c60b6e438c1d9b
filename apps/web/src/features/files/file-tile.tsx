import { useId } from 'react';
import { formatFileSize, type ProjectFile } from '@bauakte/domain';
import { Download, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { FilePreview } from './file-preview';

const t = de.files;

function uploaderOf(file: ProjectFile): string {
  return file.uploadedByName.trim() || t.unknownUploader;
}

interface FileTileProps {
  file: ProjectFile;
  deleting: boolean;
  onDelete(file: ProjectFile): void;
}

/** One file of 'Projektdateien': preview, title, comment, size, who uploaded it when, Download and Löschen. */
export function FileTile({ file, deleting, onDelete }: FileTileProps) {
  const titleId = useId();
  return (
    <li className="min-w-0">
      <article aria-labelledby={titleId} className="flex h-full flex-col gap-3 rounded-lg border border-border p-3">
        <FilePreview file={file} />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="font-medium break-words">
            {file.name}
          </h3>
          {file.comment.trim() ? <p className="text-sm whitespace-pre-line break-words">{file.comment}</p> : null}
          <p className="text-xs text-muted-foreground">{t.kindAndSize(file.documentType, formatFileSize(file.size))}</p>
          <p className="text-xs text-muted-foreground">{t.uploaded(uploaderOf(file), dateTimeText(file.uploadedAt))}</p>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={file.url} download={file.originalName} aria-label={t.downloadLabel(file.name)}>
              <Download aria-hidden />
              {t.download}
            </a>
          </Button>
          <Button variant="outline" size="sm" disabled={deleting} aria-label={t.deleteLabel(file.name)} onClick={() => onDelete(file)}>
            {deleting ? <Spinner /> : <Trash2 aria-hidden />}
            {t.delete}
          </Button>
        </div>
      </article>
    </li>
  );
}
