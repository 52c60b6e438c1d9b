import { createContext, memo, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { Download, FileUp, History, Maximize, ZoomIn, ZoomOut, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { de } from '../../../i18n/de';
import { PageSwitcher, pageAfterKey, viewerButtonClassName } from './page-switcher';
import { planSourceOf, type PlanSource } from './plan-source';
import { NoPreview, PlanNotKept, PlanStage, useStageImages, type MeasuredPage, type StageImages } from './plan-stage';
import { SideSheet, type SheetMode } from './side-sheet';
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
  /** Beside the plan on wide screens, a sheet over its bottom edge on phones: room for more about the plan (its pins). */
  sidePanel?: ReactNode;
  /** The phone's sheet's handle: '3 Markierungen'. */
  sheetLabel?: string;
  /** What the side panel asks of the phone's sheet for a while (placing a pin: a peek; its form: open). */
  sheetMode?: SheetMode;
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

export type ViewerSlots = Pick<PlanViewerProps, 'sidePanel' | 'pageOverlay' | 'sheetLabel' | 'sheetMode'>;

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

/** Memoised: the zoom controls render again whenever a zoom is laid out, their buttons need not. */
const ZoomButton = memo(function ZoomButton({ label, keyHint, Icon, onClick }: { label: string; keyHint: string; Icon: LucideIcon; onClick(): void }) {
  return (
    <Button variant="outline" size="icon" className={viewerButtonClassName} aria-label={label} title={`${label} (${keyHint})`} onClick={onClick}>
      <Icon aria-hidden />
    </Button>
  );
});

function ZoomControls({ zoomPan }: { zoomPan: ZoomPan }) {
  return (
    <div role="group" aria-label={t.zoomControls} className="flex items-center gap-1">
      <ZoomButton label={t.zoomOut} keyHint="-" Icon={ZoomOut} onClick={zoomPan.zoomOut} />
      <p aria-live="polite" className="w-14 text-center text-sm tabular-nums">
        {zoomPan.percent === null ? null : t.zoom(zoomPan.percent)}
      </p>
      <ZoomButton label={t.zoomIn} keyHint="+" Icon={ZoomIn} onClick={zoomPan.zoomIn} />
      <ZoomButton label={t.fit} keyHint="0" Icon={Maximize} onClick={zoomPan.fit} />
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

/** 'Version 1 von 3 – ältere Fassung': an earlier version is never taken for the plan as it stands. */
function OlderVersionNotice({ file }: { file: ProjectFile }) {
  return (
    <div className="flex items-start gap-2 border-b border-amber-500 bg-amber-50 px-4 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <History aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p className="text-sm">
        <span className="font-medium">{t.olderVersion(file.version, file.versionCount)}</span> <span>{t.olderVersionHint}</span>
      </p>
    </div>
  );
}

/** An earlier version of a plan: one of several, not the newest. */
export const isOlderVersion = (file: Pick<ProjectFile, 'version' | 'versionCount'>) => file.version < file.versionCount;

const DownloadOriginal = memo(function DownloadOriginal({ file }: { file: ProjectFile }) {
  return (
    <Button asChild variant="outline" className="ml-auto h-11 min-w-11 px-3">
      <a href={file.url} download={file.originalName}>
        <Download aria-hidden />
        {/* Only the icon on a phone, so the bar keeps to one or two rows; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">{t.download}</span>
      </a>
    </Button>
  );
});

interface ViewerBodyProps extends Pick<PlanViewerProps, 'file' | 'sidePanel' | 'footer' | 'pageOverlay' | 'sheetLabel' | 'sheetMode'> {
  source: PlanSource;
  zoomPan: ZoomPan;
  images: StageImages;
  page: number;
  onPage(page: number): void;
}

function ViewerBody({ file, source, zoomPan, images, page, onPage, sidePanel, sheetLabel, sheetMode, footer, pageOverlay }: ViewerBodyProps) {
  const showable = source.kind !== 'none' && !images.failed;
  const alt = source.kind === 'pages' ? t.pageImage(file.name, page, source.pageCount) : file.name;
  return (
    <>
      <div className="relative flex min-h-0 flex-1 flex-col md:flex-row">
        {showable ? <PlanStage zoomPan={zoomPan} images={images} alt={alt} pageOverlay={pageOverlay} /> : <div className="min-h-0 flex-1 bg-muted">{images.failedOffline ? <PlanNotKept /> : <NoPreview pending={file.previewPending} />}</div>}
        {sidePanel ? (
          <SideSheet label={sheetLabel ?? t.sheetOpen} mode={sheetMode}>
            {sidePanel}
          </SideSheet>
        ) : null}
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

interface StageState {
  zoomPan: ZoomPan;
  images: StageImages;
}

/**
 * What changes as a zoom is laid out and the page's images arrive, read by the viewer's body alone,
 * so neither the dialog around it nor what lies over and beside the page (its pins) is drawn again.
 * (The frames of a gesture render nothing: useZoomPan writes them to the page's transform.) A store
 * rather than a context's value: a context that changes makes React search the whole tree beneath
 * it for readers, hundreds of pins included.
 */
function createStageStore() {
  let state: StageState | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: StageState) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

type StageStore = ReturnType<typeof createStageStore>;
const StageStoreContext = createContext<StageStore | null>(null);

function StagedViewerBody(props: Omit<ViewerBodyProps, 'zoomPan' | 'images'>) {
  const store = useContext(StageStoreContext);
  if (!store) throw new Error('StagedViewerBody needs the viewer’s stage state');
  const state = useSyncExternalStore(store.subscribe, store.get);
  return state ? <ViewerBody {...props} zoomPan={state.zoomPan} images={state.images} /> : null;
}

interface StageKeeperProps {
  store: StageStore;
  source: PlanSource;
  page: number;
  /** Given the latest zoom controls on every change, for the viewer's keys. */
  zoomPanRef: RefObject<ZoomPan | null>;
}

/** Holds the zoom, the pan and the page's images, and hands what is laid out to the store; draws nothing itself. */
function StageKeeper({ store, source, page, zoomPanRef }: StageKeeperProps) {
  // The page's size comes from its first image; until then there is nothing to fit.
  const [measured, setMeasured] = useState<MeasuredPage | null>(null);
  const zoomPan = useZoomPan(measured?.size ?? null, page);
  const images = useStageImages(source, page, zoomPan, measured, setMeasured);
  const state = useMemo(() => ({ zoomPan, images }), [zoomPan, images]);
  // Before the browser paints: the body lays the page out at the new scale with it.
  useLayoutEffect(() => {
    zoomPanRef.current = state.zoomPan;
    store.set(state);
  }, [store, state, zoomPanRef]);
  return null;
}

function OpenViewer({ file, returnFocusTo, annotate, initialPage = 1, newerVersion, sidePanel, sheetLabel, sheetMode, footer, pageOverlay }: Omit<PlanViewerProps, 'open' | 'onOpenChange'>) {
  const source = useMemo(() => planSourceOf(file), [file]);
  // The page asked for is kept while the pages are still being made (a new version opened on
  // page 2 before its preview is done), and shown once they are there.
  const [wantedPage, setPage] = useState(initialPage);
  const page = source.kind === 'pages' ? Math.min(Math.max(1, wantedPage), source.pageCount) : 1;
  const content = useRef<HTMLDivElement>(null);
  const zoomPan = useRef<ZoomPan | null>(null);
  const turnPage = (key: string) => {
    if (source.kind !== 'pages') return false;
    const next = pageAfterKey(key, page, source.pageCount);
    if (next === null) return false;
    setPage(next);
    return true;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (zoomPan.current) viewerKeyDown(zoomPan.current, turnPage)(event);
  };
  // Built again only when the page or what lies beside it changes: a laid-out zoom reaches the body through the store.
  const show = useCallback(
    (added: ViewerSlots) => <StagedViewerBody file={file} source={source} page={page} onPage={setPage} sidePanel={sidePanel} sheetLabel={sheetLabel} sheetMode={sheetMode} footer={footer} pageOverlay={pageOverlay} {...added} />,
    [file, source, page, sidePanel, sheetLabel, sheetMode, footer, pageOverlay],
  );
  const body = useMemo(() => (annotate ? annotate(page, show) : show({})), [annotate, page, show]);
  const [stageStore] = useState(createStageStore);
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
      onKeyDown={onKeyDown}
    >
      <div className="flex min-h-14 items-center border-b border-border py-2 pl-4 pr-14">
        <DialogTitle className="line-clamp-2 break-words text-base md:text-lg">{file.name}</DialogTitle>
        <DialogDescription className="sr-only">{isOlderVersion(file) ? `${t.olderVersion(file.version, file.versionCount)} ${t.description}` : t.description}</DialogDescription>
      </div>
      {isOlderVersion(file) ? <OlderVersionNotice file={file} /> : null}
      {newerVersion ? <NewerVersionNotice file={newerVersion.file} onOpen={() => newerVersion.onOpen(page)} /> : null}
      <StageStoreContext.Provider value={stageStore}>
        <StageKeeper store={stageStore} source={source} page={page} zoomPanRef={zoomPan} />
        {body}
      </StageStoreContext.Provider>
    </DialogContent>
  );
}
