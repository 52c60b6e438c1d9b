import { useState } from 'react';
import type { ProjectFile } from '@bauakte/domain';
import { FileQuestion, FileText, ImageOff } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { de } from '../../i18n/de';
import { useSeenOnce } from '../../lib/use-seen-once';

const t = de.files;

export type PreviewKind = 'image' | 'pdf' | 'unsupported';

/** Spec section 2: an image preview for jpg, jpeg and png, an embedded one for pdf, otherwise none. */
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
 * The PDF embedded from its signed link (the CSP allows objects from this site only, so no blob:
 * copy), mounted once the tile comes near the screen. Browsers without a PDF viewer (most phones)
 * show the link inside instead.
 */
function PdfPreview({ file }: { file: ProjectFile }) {
  const [ref, seen] = useSeenOnce<HTMLDivElement>();
  return (
    <div ref={ref} className={frame}>
      {seen ? (
        <object data={`${file.url}#toolbar=0&view=FitH`} type="application/pdf" title={t.pdfPreview(file.name)} aria-label={t.pdfPreview(file.name)} className="size-full">
          <div className="flex flex-col items-center gap-2 p-4 text-center text-sm text-muted-foreground">
            <FileText aria-hidden className="size-8" />
            <p>{t.pdfNoPreview}</p>
            <a href={file.url} target="_blank" rel="noopener" className="font-medium text-primary underline-offset-4 hover:underline">
              {t.openPdf}
            </a>
          </div>
        </object>
      ) : (
        <FileText aria-hidden className="size-10 text-muted-foreground" />
      )}
    </div>
  );
}

/**
 * An image the server kept without a thumbnail (too large to decode safely): neither it nor the
 * original is loaded here, since the browser would have to decode the same pixels; Download stays.
 */
function NoImagePreview() {
  return (
    <div className={`${frame} flex-col gap-2 text-sm text-muted-foreground`}>
      <ImageOff aria-hidden className="size-8" />
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
  if (kind === 'image') return file.thumbnailUrl ? <ImagePreview file={file} thumbnailUrl={file.thumbnailUrl} /> : <NoImagePreview />;
  if (kind === 'pdf') return <PdfPreview file={file} />;
  return <UnsupportedPreview />;
}
