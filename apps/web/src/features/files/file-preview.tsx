import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { pageWidths, planLinkParameters } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { useSearchParams } from 'react-router';
import { FileQuestion, FileText, ImageOff, Loader2 } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { de } from '../../i18n/de';
import { afterPaint } from '../../lib/after-paint';
import { useKeptPicture } from '../../platform/offline/read-cache-pictures';
import { linkedPlan, linkToTile } from './plan-link';
import { useProjectFilesScope } from './project-files-context';
import { usePlanVersions } from './use-plan-versions';
import { pageImageUrl, previewKindOf, renderedPageCount } from './preview-kind';
import { LazyPlanViewer as PlanViewer, preloadViewer, viewerCode } from './viewer-chunk';

export { previewKindOf, type PreviewKind } from './preview-kind';

const t = de.files;

const frame = 'flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-md border border-border bg-muted';


/** A link that opens a plan (a notice mail's) wants the viewer at once: its chunk comes beside the file list, not after it. */
export function usePreloadLinkedViewer(): void {
  const [params] = useSearchParams();
  const linked = params.has(planLinkParameters.plan);
  useEffect(() => {
    if (linked) preloadViewer();
  }, [linked]);
}

/** The viewer's chunk is on its way: the overlay tells so, without moving the focus from the tile. */
export function ViewerLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50">
      <span className="rounded-md bg-background px-4 py-3 shadow-lg">
        <Spinner label={t.viewer.loading} />
      </span>
    </div>
  );
}

/**
 * A link to a plan in the viewer: `?plan=<fileId>&page=<n>` on the project overview (a notice
 * mail's link, a bookmark). Answers the page to open on when it names this file.
 */
function useViewerLink(file: ProjectFile): { linkedPage: number | null; linkedFile: ProjectFile | undefined; clearLink(): void } {
  const [params, setParams] = useSearchParams();
  const link = linkedPlan(params);
  const names = linkToTile(params, file);
  // An older version of this tile's plan (an item of 'Offene Punkte' placed on it): found among the plan's versions.
  const olderVersion = names === 'olderVersion';
  const versions = usePlanVersions(useProjectFilesScope()?.projectId ?? '', file.id, { enabled: olderVersion });
  const linkedFile = olderVersion ? versions.data?.find((version) => String(version.id) === link?.fileId) : file;
  const linked = names !== null;
  const clearLink = () => {
    if (!linked) return;
    setParams(
      (current) => {
        current.delete(planLinkParameters.plan);
        current.delete(planLinkParameters.page);
        current.delete(planLinkParameters.pin);
        current.delete(planLinkParameters.ofPlan);
        return current;
      },
      { replace: true },
    );
  };
  return { linkedPage: linked && link ? link.page : null, linkedFile: linked ? linkedFile : undefined, clearLink };
}

/** The tile's preview as a button that opens the file in the plan viewer (at once when the page's link names it). */
function ViewerButton({ file, children }: { file: ProjectFile; children: ReactNode }) {
  const { linkedPage, linkedFile, clearLink } = useViewerLink(file);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [initialPage, setInitialPage] = useState(linkedPage ?? 1);
  // The version the viewer shows: the one it was opened on (with the list's fresh links while it is
  // still the current one), until the user chooses a newer one that arrived meanwhile.
  const [opened, setOpened] = useState(file);
  // A link's file: this tile's, or an older version of its plan once the versions are read.
  const linkedId = linkedPage !== null ? linkedFile?.id : undefined;
  useEffect(() => {
    if (linkedId === undefined || !linkedFile) return;
    // The overview paints first; the viewer (its layout, its focus, its first image) follows in a task
    // of its own, once its code is here: opened before, it would show its fallback, and React reveals
    // a fallback's content no sooner than its throttle allows.
    let current = true;
    const cancel = afterPaint(
      () =>
        void viewerCode().then(() => {
          if (!current) return;
          startTransition(() => {
            setOpened(linkedFile);
            if (linkedPage !== null) setInitialPage(linkedPage);
            setWanted(true);
            setOpen(true);
          });
        }),
    );
    return () => {
      current = false;
      cancel();
    };
    // Opened once per link, not again when the versions' links are refreshed (linkedFile is a new object then).
  }, [linkedId]);
  const shown = opened.id === file.id ? file : opened;
  const newer = file.version > shown.version ? file : null;
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t.view(file.name)}
        className={`${frame} cursor-zoom-in focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2`}
        onPointerEnter={preloadViewer}
        onFocus={preloadViewer}
        onClick={() => {
          setOpened(file);
          setInitialPage(1);
          setWanted(true);
          setOpen(true);
        }}
      >
        {children}
      </button>
      {wanted ? (
        <Suspense fallback={open ? <ViewerLoading /> : null}>
          <PlanViewer
            file={shown}
            open={open}
            initialPage={initialPage}
            newerVersion={
              newer
                ? {
                    file: newer,
                    onOpen: (page) => {
                      setOpened(newer);
                      setInitialPage(page);
                    },
                  }
                : undefined
            }
            onOpenChange={(next) => {
              setOpen(next);
              // Closed, the plan is no longer what the address names; reloading shows the overview.
              if (!next) clearLink();
            }}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A photo fills the tile; a plan's page is shown whole, so its frame and title block are in view.
 * Offline it shows the copy kept when the user last saw this version of the file.
 */
function Thumbnail({ src, alt, file, whole = false }: { src: string; alt: string; file: ProjectFile; whole?: boolean }) {
  const picture = useKeptPicture(src, `${file.id}-${file.version}`);
  return <img {...picture} alt={alt} loading="lazy" decoding="async" className={`size-full ${whole ? 'object-contain' : 'object-cover'}`} />;
}

function Placeholder({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <span className="flex flex-col items-center gap-2 p-4 text-center text-sm text-muted-foreground">
      {icon}
      <span>{text}</span>
    </span>
  );
}

/** The first page's WebP made at upload, else the first page at the smallest rendered width. */
function pdfTileSource(file: ProjectFile): string | null {
  if (file.thumbnailUrl) return file.thumbnailUrl;
  return file.pagesUrl && renderedPageCount(file) > 0 ? pageImageUrl(file.pagesUrl, 1, pageWidths[0]) : null;
}

/** A PDF without a tile: one whose first page the server is still rendering, or none it could render. */
function PdfWithoutTile({ file }: { file: ProjectFile }) {
  if (file.previewPending) return <Placeholder icon={<Loader2 aria-hidden className="size-8 animate-spin" />} text={t.pdfPreviewPending} />;
  return <Placeholder icon={<FileText aria-hidden className="size-8" />} text={t.pdfWithoutPreview} />;
}

/**
 * An image: its small WebP preview; one the server kept without a thumbnail (too large to decode
 * safely) loads neither it nor the original, and says 'Keine Vorschau'. A PDF: its first page as
 * the server rendered it, at the smallest width (the browser renders no PDF); while the server is
 * still rendering it after the upload, 'Vorschau wird erstellt …' until the live channel announces
 * the file again and the list is read anew. Either opens the viewer.
 */
function ViewablePreview({ file }: { file: ProjectFile }) {
  if (previewKindOf(file) === 'image') {
    return (
      <ViewerButton file={file}>
        {file.thumbnailUrl ? <Thumbnail src={file.thumbnailUrl} alt={file.name} file={file} /> : <Placeholder icon={<ImageOff aria-hidden className="size-8" />} text={t.noPreview} />}
      </ViewerButton>
    );
  }
  return (
    <ViewerButton file={file}>
      {pdfTileSource(file) ? (
        <Thumbnail src={pdfTileSource(file)!} alt={t.pdfPreview(file.name)} file={file} whole />
      ) : (
        <PdfWithoutTile file={file} />
      )}
    </ViewerButton>
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
  return previewKindOf(file) === 'unsupported' ? <UnsupportedPreview /> : <ViewablePreview file={file} />;
}
