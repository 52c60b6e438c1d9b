import { useState } from 'react';
import type { ProjectFile } from '@bauakte/domain';
import { FileQuestion, FileText, ImageOff } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { de } from '../../i18n/de';

const t = de.files;

export type PreviewKind = 'image' | 'pdf' | 'unsupported';

/** Spec section 2: a preview for jpg, jpeg and png and for pdf (its first page, rendered by the server), otherwise none. */
export function previewKindOf(file: Pick<ProjectFile, 'documentType'>): PreviewKind {
  switch (file.documentType) {
    case 'JPG':
    case 'JPEG':
    case 'PNG':
      return 'image';
    case 'PDF':
      return 'pdf';
    default:
      return 'unsupported';
  }
}

const frame = 'flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-md border border-border bg-muted';

/** The small WebP preview; a click shows the full image in a dialog. */
function ImagePreview({ file, thumbnailUrl }: { file: ProjectFile; thumbnailUrl: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t.enlarge(file.name)}
        className={`${frame} cursor-zoom-in focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2`}
        onClick={() => setOpen(true)}
      >
        <img src={thumbnailUrl} alt={file.name} loading="lazy" decoding="async" className="size-full object-cover" />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent width="wide">
            <DialogHeader>
              <DialogTitle className="break-words">{file.name}</DialogTitle>
              <DialogDescription className="sr-only">{t.imageDialogDescription}</DialogDescription>
            </DialogHeader>
            <img src={file.url} alt={file.name} className="mx-auto max-h-[75vh] w-auto max-w-full object-contain" />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * A PDF's first page, rendered by the server as a WebP like an image's thumbnail: phones and
 * browsers without a PDF viewer show it too, and a large plan is not downloaded to draw a tile.
 * A click opens the PDF itself.
 */
function PdfPreview({ file, thumbnailUrl }: { file: ProjectFile; thumbnailUrl: string }) {
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener"
      aria-label={t.openPdfLabel(file.name)}
      className={`${frame} focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2`}
    >
      <img src={thumbnailUrl} alt={t.pdfPreview(file.name)} loading="lazy" decoding="async" className="size-full object-contain bg-white" />
    </a>
  );
}

/**
 * A file the server kept without a thumbnail (an image too large to decode safely, a PDF it could
 * not render): the original is not loaded here, since the browser would have to do the same work;
 * Download stays.
 */
function NoPreview({ kind }: { kind: 'image' | 'pdf' }) {
  const Icon = kind === 'pdf' ? FileText : ImageOff;
  return (
    <div className={`${frame} flex-col gap-2 text-sm text-muted-foreground`}>
      <Icon aria-hidden className="size-8" />
      <p>{t.noPreview}</p>
    </div>
  );
}

function UnsupportedPreview() {
  return (
    <div className={`${frame} flex-col gap-2 text-sm text-muted-foreground`}>
      <FileQuestion aria-hidden className="size-8" />
      <p>{t.unsupported}</p>
    </div>
  );
}

export function FilePreview({ file }: { file: ProjectFile }) {
  const kind = previewKindOf(file);
  if (kind === 'unsupported') return <UnsupportedPreview />;
  if (!file.thumbnailUrl) return <NoPreview kind={kind} />;
  if (kind === 'pdf') return <PdfPreview file={file} thumbnailUrl={file.thumbnailUrl} />;
  return <ImagePreview file={file} thumbnailUrl={file.thumbnailUrl} />;
}
