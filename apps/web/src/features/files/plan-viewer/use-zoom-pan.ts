import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { arrowPanStep, fitScale, fitView, panView, pinchView, zoomAt, zoomLimits, zoomPercent, zoomStep, type Point, type Size, type View } from './zoom-pan';

export { arrowPanStep };

interface Pinch {
  start: View;
  from: [Point, Point];
}

export interface ZoomPan {
  /** Put on the stage element: it is measured, takes the wheel, and says while the plan moves (`data-moving`: drag or zoom). */
  stageRef(node: HTMLDivElement | null): void;
  /** Put on the page's box (sized at `scale`): where it lies, and a zoom under way, are written to its transform here. */
  pageRef(node: HTMLDivElement | null): void;
  stage: Size;
  /**
   * The scale the page and its pins are laid out at; null until both the page's size and the
   * stage's are known. A gesture (drag, wheel, pinch) moves the page by its transform alone, on the
   * compositor, without rendering the viewer; a zoom is laid out once it pauses or ends: laying
   * hundreds of pins out anew, or rendering the viewer, on every frame would miss the display's refresh.
   */
  scale: number | null;
  /** The zoom in percent of the fitted page, as laid out (a wheel zoom or a pinch is read out once it pauses); null while there is no view. */
  percent: number | null;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  panBy(dx: number, dy: number): void;
  pointerHandlers: {
    onPointerDown(event: ReactPointerEvent<HTMLDivElement>): void;
    onPointerMove(event: ReactPointerEvent<HTMLDivElement>): void;
    onPointerUp(event: ReactPointerEvent<HTMLDivElement>): void;
    onPointerCancel(event: ReactPointerEvent<HTMLDivElement>): void;
  };
}

/** How long a wheel zoom or a pinch pauses before the page is laid out at its new scale. */
const zoomSettleMs = 150;

const noSize: Size = { width: 0, height: 0 };

/** A wheel's delta in pixels, whatever unit the device reports (lines from a mouse in Firefox). */
function wheelPixels(event: WheelEvent, stageHeight: number): number {
  if (event.deltaMode === 1) return event.deltaY * 16;
  if (event.deltaMode === 2) return event.deltaY * stageHeight;
  return event.deltaY;
}

/** The page's box, laid out at one scale, moved and scaled to the view drawn. */
function pageTransform(view: View, laidOutScale: number): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale / laidOutScale})`;
}

/** The stage's size, measured again whenever it is resized (a window resized, a phone rotated). */
function useStageSize(node: HTMLDivElement | null): Size {
  const [stage, setStage] = useState<Size>(noSize);
  useEffect(() => {
    if (!node) return undefined;
    const measure = () => setStage((previous) => (previous.width === node.clientWidth && previous.height === node.clientHeight ? previous : { width: node.clientWidth, height: node.clientHeight }));
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [node]);
  return stage;
}

/**
 * The view drawn and the scale laid out. `move` draws a view; `settle` lays out its scale (a
 * gesture's end or pause: React renders only if the scale changed); `commit` does both at once (a
 * button, a key, a fit).
 */
function useViews(page: Size | null, stage: Size) {
  const [scale, setScale] = useState<number | null>(null);
  const live = useRef<View | null>(null);
  const pageBox = useRef<HTMLDivElement | null>(null);
  // The scale the page's box has on screen: taken when React commits it, not while it renders.
  const laidOut = useRef<number | null>(null);
  const draw = useCallback(() => {
    if (pageBox.current && live.current && laidOut.current) pageBox.current.style.transform = pageTransform(live.current, laidOut.current);
  }, []);
  // Once a new scale is laid out, the transform is drawn against it before the browser paints.
  useLayoutEffect(() => {
    laidOut.current = scale;
    draw();
  }, [draw, scale]);
  const move = useCallback(
    (next: View) => {
      live.current = next;
      draw();
    },
    [draw],
  );
  const settle = useCallback(() => setScale(live.current?.scale ?? null), []);
  const commit = useCallback(
    (next: View) => {
      move(next);
      settle();
    },
    [move, settle],
  );
  const pageRef = useCallback(
    (node: HTMLDivElement | null) => {
      pageBox.current = node;
      draw();
    },
    [draw],
  );
  const geometry = useRef({ page, stage });
  geometry.current = { page, stage };
  return { scale, live, move, settle, commit, pageRef, geometry };
}

type Views = ReturnType<typeof useViews>;

/** Marks the stage while the plan moves, for the cover over the pins: a drag wins over a zoom not yet laid out. */
function useMovingMark(node: HTMLDivElement | null) {
  const moving = useRef({ drag: false, zoom: false });
  const mark = useCallback(
    (change: Partial<{ drag: boolean; zoom: boolean }>) => {
      moving.current = { ...moving.current, ...change };
      const { drag, zoom } = moving.current;
      const next = drag ? 'drag' : zoom ? 'zoom' : null;
      if (!node || node.dataset.moving === (next ?? undefined)) return;
      if (next) node.dataset.moving = next;
      else delete node.dataset.moving;
    },
    [node],
  );
  return { mark, moving };
}

type MovingMark = ReturnType<typeof useMovingMark>;

/**
 * Wheel zooms and pinches, laid out once they pause for zoomSettleMs — or, while a pointer still
 * holds the plan (a drag, a pinch), once the last one lifts: laying out a page with many pins
 * takes several frames, which a drag under way would stutter through.
 */
function useGestureZoom(views: Views, { mark: markMoving, moving }: MovingMark) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { move, settle } = views;
  useEffect(() => () => clearTimeout(timer.current), []);
  const end = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    settle();
    markMoving({ zoom: false });
  }, [settle, markMoving]);
  const pause = useCallback(() => {
    timer.current = undefined;
    if (!moving.current.drag) end();
  }, [end, moving]);
  const zoomTo = useCallback(
    (next: View) => {
      move(next);
      markMoving({ zoom: true });
      clearTimeout(timer.current);
      timer.current = setTimeout(pause, zoomSettleMs);
    },
    [move, pause, markMoving],
  );
  return { zoomTo, end };
}

function useWheelZoom(node: HTMLDivElement | null, views: Views, zoomTo: (view: View) => void) {
  const { live, geometry } = views;
  useEffect(() => {
    if (!node) return undefined;
    const onWheel = (event: WheelEvent) => {
      // Not passive: the page behind the viewer must not scroll while the plan zooms. Nor need the
      // dialog's scroll lock look at it: it would search the ancestors for one that scrolls on every tick.
      event.preventDefault();
      event.stopPropagation();
      const { page, stage } = geometry.current;
      if (!page || !live.current) return;
      const rect = node.getBoundingClientRect();
      const factor = Math.exp(-wheelPixels(event, rect.height) * 0.002);
      zoomTo(zoomAt(live.current, factor, { x: event.clientX - rect.left, y: event.clientY - rect.top }, zoomLimits(fitScale(page, stage)), page, stage));
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, [node, live, geometry, zoomTo]);
}

/** Drag (one pointer) pans, two fingers pinch; laid out when the last pointer lifts. */
function usePointerGestures(views: Views, zoom: ReturnType<typeof useGestureZoom>, markMoving: MovingMark['mark']) {
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<Pinch | null>(null);
  const { live, move, geometry } = views;
  const { zoomTo, end: endZoom } = zoom;
  return useMemo(() => {
    const local = (event: ReactPointerEvent<HTMLDivElement>): Point => {
      const rect = event.currentTarget.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const startPinch = () => {
      const [first, second] = [...pointers.current.values()];
      pinch.current = first && second && live.current ? { start: live.current, from: [first, second] } : null;
    };
    const end = (event: ReactPointerEvent<HTMLDivElement>) => {
      if (!pointers.current.delete(event.pointerId)) return;
      if (pointers.current.size === 2) startPinch();
      else pinch.current = null;
      if (pointers.current.size > 0) return;
      endZoom();
      markMoving({ drag: false });
    };
    return {
      onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        pointers.current.set(event.pointerId, local(event));
        if (pointers.current.size === 2) startPinch();
        markMoving({ drag: true });
      },
      onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
        const previous = pointers.current.get(event.pointerId);
        if (!previous) return;
        const point = local(event);
        pointers.current.set(event.pointerId, point);
        const { page, stage } = geometry.current;
        const current = live.current;
        if (!page || !current) return;
        if (pointers.current.size === 1) return move(panView(current, point.x - previous.x, point.y - previous.y, page, stage));
        const gesture = pinch.current;
        const [first, second] = [...pointers.current.values()];
        if (gesture && first && second) zoomTo(pinchView(gesture.start, gesture.from, [first, second], zoomLimits(fitScale(page, stage)), page, stage));
      },
      onPointerUp: end,
      onPointerCancel: end,
    };
  }, [live, move, geometry, zoomTo, endZoom, markMoving]);
}

/**
 * Zoom and pan of one page on a stage: mouse wheel (around the pointer), drag, one-finger pan and
 * two-finger pinch (Pointer Events; the stage needs `touch-action: none`). The page is fitted when
 * it first has a size, whenever the stage is resized (a window resized, a phone rotated) and when
 * fitKey changes (another page of a PDF).
 */
export function useZoomPan(page: Size | null, fitKey: unknown): ZoomPan {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const stage = useStageSize(node);
  const views = useViews(page, stage);
  const { live, commit, geometry } = views;
  const movingMark = useMovingMark(node);
  const gestureZoom = useGestureZoom(views, movingMark);
  const pointerHandlers = usePointerGestures(views, gestureZoom, movingMark.mark);
  useWheelZoom(node, views, gestureZoom.zoomTo);
  const pageWidth = page?.width ?? 0;
  const pageHeight = page?.height ?? 0;

  useEffect(() => {
    if (pageWidth <= 0 || pageHeight <= 0 || stage.width <= 0 || stage.height <= 0) return;
    commit(fitView({ width: pageWidth, height: pageHeight }, stage));
  }, [pageWidth, pageHeight, stage, fitKey, commit]);

  const zoomBy = useCallback(
    (factor: number) => {
      const { page: size, stage: area } = geometry.current;
      if (size && live.current) commit(zoomAt(live.current, factor, { x: area.width / 2, y: area.height / 2 }, zoomLimits(fitScale(size, area)), size, area));
    },
    [live, commit, geometry],
  );
  const panBy = useCallback(
    (dx: number, dy: number) => {
      const { page: size, stage: area } = geometry.current;
      if (size && live.current) commit(panView(live.current, dx, dy, size, area));
    },
    [live, commit, geometry],
  );
  const fit = useCallback(() => {
    const { page: size, stage: area } = geometry.current;
    if (size && area.width > 0 && area.height > 0) commit(fitView(size, area));
  }, [commit, geometry]);
  const zoomIn = useCallback(() => zoomBy(zoomStep), [zoomBy]);
  const zoomOut = useCallback(() => zoomBy(1 / zoomStep), [zoomBy]);
  const { scale } = views;
  return {
    stageRef: setNode,
    pageRef: views.pageRef,
    stage,
    scale,
    percent: scale && page && stage.width > 0 ? zoomPercent({ scale }, fitScale(page, stage)) : null,
    zoomIn,
    zoomOut,
    fit,
    panBy,
    pointerHandlers,
  };
}
