import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type SyntheticEvent } from 'react';
import { FileQuestion } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { de } from '../../../i18n/de';
import { devicePixelRatio, firstImagePixelRatio, pageImageUrl, type PlanSource } from './plan-source';
import { viewportWidth } from '../../../lib/viewport-width';
import { isOnline, useOnlineStatus } from '../../../lib/online-status';
import { NotKeptNotice } from '../../../platform/offline/not-kept-notice';
import { recallKeptPlanPage } from '../../../platform/offline/read-cache-pages';
import type { ZoomPan } from './use-zoom-pan';
import { pageWidthFor, type Size } from './zoom-pan';

const t = de.files.viewer;

/** A PDF page is measured in pixels of its largest rendering, so zoom limits mean the same for every width shown. */
export const pageUnitsWide = 2400;

/** One image on the stage: an image's original, or one page of a PDF at one width (0 for images). */
interface Layer {
  src: string;
  page: number;
  width: number;
}

/** The page's size in page units, measured from its first image, and which page that was. */
export interface MeasuredPage {
  page: number;
  size: Size;
}

export interface StageImages {
  pageSize: Size | null;
  /** Below the loading one: the sharpest image of this page loaded so far, so zooming in never blanks the plan. */
  layers: Array<Layer & { shown: boolean }>;
  failed: boolean;
  /** The page failed while the device had no connection: it is not on the device, not unreadable. */
  failedOffline: boolean;
  onLoad(layer: Layer, image: HTMLImageElement): void;
  onError(layer: Layer): void;
}

/** The page's size from its image: an image's own pixels; a PDF page scaled to pageUnitsWide, whichever width was loaded. */
export function measuredSize(source: PlanSource, image: Pick<HTMLImageElement, 'naturalWidth' | 'naturalHeight'>): Size | null {
  if (image.naturalWidth <= 0 || image.naturalHeight <= 0) return null;
  if (source.kind === 'pages') return { width: pageUnitsWide, height: (pageUnitsWide * image.naturalHeight) / image.naturalWidth };
  return { width: image.naturalWidth, height: image.naturalHeight };
}

/**
 * Which images the stage shows for the source, page and zoom: for a PDF page the smallest rendered
 * width that is sharp enough (pageWidthFor), never less than one already loaded for this page; the
 * loaded one stays visible until the sharper one has arrived.
 */
export function useStageImages(
  source: PlanSource,
  page: number,
  zoomPan: Pick<ZoomPan, 'scale' | 'stage'>,
  measured: MeasuredPage | null,
  onMeasured: (measured: MeasuredPage) => void,
): StageImages {
  const [loaded, setLoaded] = useState<Layer | null>(null);
  const [failure, setFailure] = useState<{ page: number; offline: boolean } | null>(null);
  const keptPage = useKeptPage();
  const online = useOnlineStatus();
  const pageSize = measured?.size ?? null;

  const onLoad = (layer: Layer, image: HTMLImageElement) => {
    // Measured once per page: a sharper image of the same page must not refit a zoomed view.
    const size = layer.page === measured?.page ? null : measuredSize(source, image);
    if (size) onMeasured({ page: layer.page, size });
    setLoaded(layer);
  };
  const shownLayer = loaded?.page === page ? loaded : null;
  // Offline, a page kept on the device is read from there first; one not kept is then asked of the
  // server's address all the same, which the browser may still hold from an earlier look.
  const recalled = useRecallFirst(!online && source.kind === 'pages' ? source.keptAs : undefined, page, keptPage);
  const onError = (layer: Layer) => {
    // A sharper image that fails leaves the one shown; a page without any image says 'Keine Vorschau',
    // or without a connection that the plan is not on the device.
    if (layer.page !== page || shownLayer) return;
    const failed = { page: layer.page, offline: !isOnline() };
    // Offline, a page kept on the device (its project made available offline) is shown from there instead.
    const keptAs = failed.offline && source.kind === 'pages' && layer.src !== keptPage.shown?.src && recalled !== 'missing' ? source.keptAs : undefined;
    if (!keptAs) return setFailure(failed);
    void keptPage.recall(keptAs, layer.page).then((found) => {
      if (!found) setFailure(failed);
    });
  };

  let wanted: Layer | null = null;
  if (source.kind === 'image') wanted = { src: source.url, page: 1, width: 0 };
  if (source.kind === 'pages' && recalled !== 'reading') {
    const { scale, stage } = zoomPan;
    // Before the stage is measured, the window's width: the first image is asked for at once, and
    // at the address a plan link's start fetched (firstPageImage), not first at the smallest width.
    const displayed = pageSize && scale ? pageSize.width * scale : stage.width > 0 ? stage.width : viewportWidth();
    const width = shownLayer ? Math.max(pageWidthFor(displayed, devicePixelRatio()), shownLayer.width) : pageWidthFor(displayed, firstImagePixelRatio());
    wanted = { src: pageImageUrl(source.pagesUrl, page, width), page, width };
    // The kept page is the only one there is offline: zooming in asks for no sharper one.
    if (keptPage.shown?.page === page) wanted = { src: keptPage.shown.src, page, width: 0 };
  }
  const layers: StageImages['layers'] = [];
  if (shownLayer && shownLayer.src !== wanted?.src) layers.push({ ...shownLayer, shown: true });
  if (wanted) layers.push({ ...wanted, shown: shownLayer?.src === wanted.src });
  // A page missed for want of a connection is asked for again once the connection is back.
  const failed = failure?.page === page && !(failure.offline && online);
  return { pageSize, layers, failed, failedOffline: failed && Boolean(failure?.offline), onLoad, onError };
}

/**
 * Offline, recalls the page from the device as soon as it is asked for: 'reading' while it is read
 * (the stage asks nothing of the server meanwhile), 'missing' when it is not kept, else 'idle'.
 */
function useRecallFirst(keptAs: string | undefined, page: number, keptPage: KeptPage): 'reading' | 'missing' | 'idle' {
  const [missing, setMissing] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const key = keptAs === undefined ? null : `${keptAs}/${page}`;
  const shownHere = keptPage.shown?.page === page;
  const recall = useRef(keptPage.recall);
  recall.current = keptPage.recall;
  useEffect(() => {
    if (keptAs === undefined || key === null || shownHere) return;
    let current = true;
    void recall.current(keptAs, page).then((found) => {
      if (!current) return;
      if (!found) setMissing(key);
      setAsked(key);
    });
    return () => {
      current = false;
    };
  }, [keptAs, key, page, shownHere]);
  if (key === null || shownHere) return 'idle';
  if (asked !== key) return 'reading';
  return missing === key ? 'missing' : 'idle';
}

interface KeptPage {
  shown: { page: number; src: string } | null;
  recall(keptAs: string, page: number): Promise<boolean>;
}

/** A page kept on the device, as an object URL while it is shown. */
function useKeptPage(): KeptPage {
  const [shown, setShown] = useState<{ page: number; src: string } | null>(null);
  useEffect(() => (shown ? () => URL.revokeObjectURL(shown.src) : undefined), [shown]);
  const recall = async (keptAs: string, page: number) => {
    const blob = await recallKeptPlanPage(keptAs, page).catch(() => undefined);
    if (!blob) return false;
    setShown({ page, src: URL.createObjectURL(blob) });
    return true;
  };
  return { shown, recall };
}

/** In place of the plan when there is nothing to show: its pages still being made after the upload, or none at all. */
export function NoPreview({ pending = false }: { pending?: boolean }) {
  if (pending) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-muted-foreground">
        <Spinner className="size-8" />
        <p className="font-medium text-foreground">{t.previewPending}</p>
        <p className="text-sm">{t.previewPendingHint}</p>
      </div>
    );
  }
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-muted-foreground">
      <FileQuestion aria-hidden className="size-10" />
      <p className="font-medium text-foreground">{t.noPreview}</p>
      <p className="text-sm">{t.noPreviewHint}</p>
    </div>
  );
}

/** In place of the plan when the device is offline and the plan's images are not on it. */
export function PlanNotKept() {
  return (
    <div className="flex size-full items-center justify-center p-6">
      <NotKeptNotice className="max-w-sm">{t.notKeptOffline}</NotKeptNotice>
    </div>
  );
}

interface PlanStageProps {
  zoomPan: ZoomPan;
  images: StageImages;
  /** The alt text of the image shown: the file's title, or its page. */
  alt: string;
  /** Laid over the page in a box of exactly the page's size: children placed by percentages sit on that page point. */
  pageOverlay?: ReactNode;
}

/** The drawing area: the page, moved and scaled by zoomPan. */
export function PlanStage({ zoomPan, images, alt, pageOverlay }: PlanStageProps) {
  const { scale } = zoomPan;
  const { pageSize, layers } = images;
  // Sized rather than scaled, so the browser draws the image at the size shown and lines stay crisp;
  // the transform (where it lies, and a zoom under way) is zoomPan's to write, frame by frame.
  const box: CSSProperties = pageSize && scale ? { width: pageSize.width * scale, height: pageSize.height * scale } : { visibility: 'hidden' };
  const anyShown = layers.some((layer) => layer.shown);
  const loadEvent = (layer: Layer) => (event: SyntheticEvent<HTMLImageElement>) => images.onLoad(layer, event.currentTarget);
  return (
    <div
      ref={zoomPan.stageRef}
      data-plan-stage=""
      className="group/stage relative min-h-0 flex-1 cursor-grab touch-none select-none overflow-hidden bg-muted"
      {...zoomPan.pointerHandlers}
    >
      {/* A layer of its own: a pan moves it on the compositor, without painting the page and its pins again. */}
      <div ref={zoomPan.pageRef} data-plan-page="" className="absolute left-0 top-0 origin-top-left will-change-transform" style={box}>
        {layers.map((layer) => (
          <img
            key={layer.src}
            src={layer.src}
            alt={layer.shown || !anyShown ? alt : ''}
            draggable={false}
            decoding="async"
            // The page is what the viewer is opened for: before any image shows, it goes first.
            fetchPriority={anyShown ? 'auto' : 'high'}
            onLoad={loadEvent(layer)}
            onError={() => images.onError(layer)}
            className={cn('pointer-events-none absolute inset-0 size-full max-w-none', layer.shown ? 'opacity-100' : 'opacity-0')}
          />
        ))}
        {pageOverlay ? <div className="absolute inset-0">{pageOverlay}</div> : null}
      </div>
      {/* While the plan moves (the stage's data-moving), a cover over it takes the pointer: the browser finds it at once
          instead of searching the pins under the pointer on every frame, and a grabbing hand needs no new style for each pin. */}
      <div aria-hidden data-plan-cover="" className="absolute inset-0 hidden group-data-[moving]/stage:block group-data-[moving=drag]/stage:cursor-grabbing" />
      {anyShown ? null : (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={t.loading} />
        </div>
      )}
    </div>
  );
}
