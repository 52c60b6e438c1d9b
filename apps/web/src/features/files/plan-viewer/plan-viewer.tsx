import { useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { Download, FileUp, Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { de } from '../../../i18n/de';
import { PageSwitcher, pageAfterKey, viewerButtonClassName } from './page-switcher';
import { planSourceOf, type PlanSource } from './plan-source';
import { NoPreview, PlanNotKept, PlanStage, useStageImages, type MeasuredPage, type StageImages } from './plan-stage';
import { arrowPanStep, useZoomPan, type ZoomPan } from './use-zoom-pan';

const t = de.files.viewer;

export interface PlanViewerProps {
  file: ProjectFile;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Gets the focus back when the viewer closes: the tile that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The page it opens on (a link to a page of the plan); page 1 unless given, the last when beyond. */
  initialPage?: number;
  /** Beside the plan on wide screens, below it on phones: room for more about the plan (its versions). */
  sidePanel?: ReactNode;
  /** In the bottom bar, before the download: room for actions on the plan. */
  footer?: ReactNode;
  /** Laid over the page in a box of exactly the page's size (pins: placed by percentages of the page). */
  pageOverlay?: ReactNode;
  /**
   * What goes over and beside the page shown (its pins): given the page, it renders `show` with the
   * overlay and side panel it adds, so what it needs to remember lives in its own component.
   */
  annotate?(page: number, show: (slots: ViewerSlots) => ReactNode): ReactNode;
  /** A newer version of the plan, uploaded while this one is open: offered above the page, opened on the page shown. */
  newerVersion?: { file: ProjectFile; onOpen(page: number): void };
}

export type ViewerSlots = Pick<PlanViewerProps, 'sidePanel' | 'pageOverlay'>;

/** The keys of the viewer: + and - zoom, 0 fits, arrows pan; PageUp and PageDown turn pages. */
function viewerKeyDown(zoomPan: ZoomPan, turnPage: (key: string) => boolean) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const pans: Record<string, [number, number]> = { ArrowLeft: [arrowPanStep, 0], ArrowRight: [-arrowPanStep, 0], ArrowUp: [0, arrowPanStep], ArrowDown: [0, -arrowPanStep] };
    const pan = pans[event.key];
    if (event.key === '+' || event.key === '=') zoomPan.zoomIn();
    else if (event.key === '-') zoomPan.zoomOut();
    else if (event.key === '0') zoomPan.fit();
    else if (pan) zoomPan.panBy(...pan);
    else if (!turnPage(event.key)) return;
    event.preventDefault();
  };
}

function ZoomControls({ zoomPan }: { zoomPan: ZoomPan }) {
  return (
    <div role="group" aria-label={t.zoomControls} className="flex items-center gap-1">
      <Button variant="outline" size="icon" className={viewerButtonClassName} aria-label={t.zoomOut} title={`${t.zoomOut} (-)`} onClick={zoomPan.zoomOut}>
        <ZoomOut aria-hidden />
      </Button>
      <p aria-live="polite" className="w-14 text-center text-sm tabular-nums">
        {zoomPan.percent === null ? null : t.zoom(zoomPan.percent)}
      </p>
      <Button variant="outline" size="icon" className={viewerButtonClassName} aria-label={t.zoomIn} title={`${t.zoomIn} (+)`} onClick={zoomPan.zoomIn}>
        <ZoomIn aria-hidden />
      </Button>
      <Button variant="outline" size="icon" className={viewerButtonClassName} aria-label={t.fit} title={`${t.fit} (0)`} onClick={zoomPan.fit}>
        <Maximize aria-hidden />
      </Button>
    </div>
  );
}

/** 'Neue Version verfügbar': the plan shown stays until the user chooses the new one, so nothing moves under a finger. */
function NewerVersionNotice({ file, onOpen }: { file: ProjectFile; onOpen(): void }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-accent px-4 py-2">
      <p className="text-sm">
        <span className="font-medium">{t.newerVersion}</span> <span className="text-muted-foreground">{t.newerVersionDetail(file.version, file.uploadedByName.trim() || de.files.unknownUploader)}</span>
      </p>
      <Button size="sm" className="h-11 sm:h-9" onClick={onOpen}>
        <FileUp aria-hidden />
        {t.openNewerVersion(file.version)}
      </Button>
    </div>
  );
}

function DownloadOriginal({ file }: { file: ProjectFile }) {
  return (
    <Button asChild variant="outline" className="ml-auto h-11 min-w-11 px-3">
      <a href={file.url} download={file.originalName}>
        <Download aria-hidden />
        {/* Only the icon on a phone, so the bar keeps to one or two rows; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">{t.download}</span>
      </a>
    </Button>
  );
}

interface ViewerBodyProps extends Pick<PlanViewerProps, 'file' | 'sidePanel' | 'footer' | 'pageOverlay'> {
  source: PlanSource;
  zoomPan: ZoomPan;
  images: StageImages;
  page: number;
  onPage(page: number): void;
}

function ViewerBody({ file, source, zoomPan, images, page, onPage, sidePanel, footer, pageOverlay }: ViewerBodyProps) {
  const showable = source.kind !== 'none' && !images.failed;
  const alt = source.kind === 'pages' ? t.pageImage(file.name, page, source.pageCount) : file.name;
  return (
    <>
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        {showable ? <PlanStage zoomPan={zoomPan} images={images} alt={alt} pageOverlay={pageOverlay} /> : <div className="min-h-0 flex-1 bg-muted">{images.failedOffline ? <PlanNotKept /> : <NoPreview pending={file.previewPending} />}</div>}
        {sidePanel ? <aside className="max-h-[40%] overflow-y-auto border-t border-border md:max-h-none md:w-80 md:border-l md:border-t-0">{sidePanel}</aside> : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-border px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] md:px-4">
        {showable ? <ZoomControls zoomPan={zoomPan} /> : null}
        {/* A page that failed to load leaves the others within reach. */}
        {source.kind === 'pages' ? <PageSwitcher page={page} pageCount={source.pageCount} onPage={onPage} /> : null}
        {footer}
        <DownloadOriginal file={file} />
      </div>
    </>
  );
}

/**
 * A file full-screen (the Dialog's 'screen' width): an image from its original, a PDF page by page
 * from the images the server rendered; 'Keine Vorschau' for anything else. Zoom, pan, pages and the
 * download are within a thumb's reach at the bottom on a phone.
 */
export function PlanViewer({ open, onOpenChange, ...viewer }: PlanViewerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* A newer version opens as a viewer of its own: its page, size and zoom are measured afresh. */}
      {open ? <OpenViewer key={viewer.file.id} {...viewer} /> : null}
    </Dialog>
  );
}

function OpenViewer({ file, returnFocusTo, annotate, initialPage = 1, newerVersion, ...slots }: Omit<PlanViewerProps, 'open' | 'onOpenChange'>) {
  const source = planSourceOf(file);
  const [page, setPage] = useState(() => (source.kind === 'pages' ? Math.min(Math.max(1, initialPage), source.pageCount) : 1));
  const content = useRef<HTMLDivElement>(null);
  // The page's size comes from its first image; until then there is nothing to fit.
  const [measured, setMeasured] = useState<MeasuredPage | null>(null);
  const zoomPan = useZoomPan(measured?.size ?? null, page);
  const images = useStageImages(source, page, zoomPan, measured, setMeasured);
  const turnPage = (key: string) => {
    if (source.kind !== 'pages') return false;
    const next = pageAfterKey(key, page, source.pageCount);
    if (next === null) return false;
    setPage(next);
    return true;
  };
  return (
    <DialogContent
      ref={content}
      width="screen"
      className="outline-none"
      onOpenAutoFocus={(event) => {
        // The viewer itself takes the focus: its title and description are read once, and the keys work at once.
        event.preventDefault();
        content.current?.focus();
      }}
      onCloseAutoFocus={(event) => {
        if (!returnFocusTo?.current) return;
        event.preventDefault();
        returnFocusTo.current.focus();
      }}
      onKeyDown={viewerKeyDown(zoomPan, turnPage)}
    >
      <div className="flex min-h-14 items-center border-b border-border py-2 pl-4 pr-14">
        <DialogTitle className="line-clamp-2 break-words text-base md:text-lg">{file.name}</DialogTitle>
        <DialogDescription className="sr-only">{t.description}</DialogDescription>
      </div>
      {newerVersion ? <NewerVersionNotice file={newerVersion.file} onOpen={() => newerVersion.onOpen(page)} /> : null}
      {annotate
        ? annotate(page, (added) => <ViewerBody file={file} source={source} zoomPan={zoomPan} images={images} page={page} onPage={setPage} {...slots} {...added} />)
        : <ViewerBody file={file} source={source} zoomPan={zoomPan} images={images} page={page} onPage={setPage} {...slots} />}
    </DialogContent>
  );
}
