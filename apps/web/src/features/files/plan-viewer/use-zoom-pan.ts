import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { arrowPanStep, fitScale, fitView, panView, pinchView, zoomAt, zoomLimits, zoomPercent, zoomStep, type Point, type Size, type View } from './zoom-pan';

export { arrowPanStep };

interface Pinch {
  start: View;
  from: [Point, Point];
}

export interface ZoomPan {
  /** Put on the stage element: it is measured, and takes the wheel. */
  stageRef(node: HTMLDivElement | null): void;
  stage: Size;
  /** Null until both the page's size and the stage's are known. */
  view: View | null;
  /** The zoom in percent of the fitted page; null while there is no view. */
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
  dragging: boolean;
  /**
   * The scale the page and its pins are laid out at. During a wheel zoom or a pinch it stays behind
   * view.scale (the difference is drawn as a transform, on the compositor) and catches up once the
   * gesture pauses: laying hundreds of pins out anew on every frame would miss the display's refresh.
   */
  laidOutScale: number | null;
  /** Whether the plan moves under the pointer (a drag, or a zoom not yet laid out): the pins take no pointer then. */
  moving: boolean;
}

/** How long a wheel zoom or a pinch pauses before the page is laid out at its new scale. */
export const zoomSettleMs = 150;

const noSize: Size = { width: 0, height: 0 };

/** A wheel's delta in pixels, whatever unit the device reports (lines from a mouse in Firefox). */
function wheelPixels(event: WheelEvent, stageHeight: number): number {
  if (event.deltaMode === 1) return event.deltaY * 16;
  if (event.deltaMode === 2) return event.deltaY * stageHeight;
  return event.deltaY;
}

/**
 * Zoom and pan of one page on a stage: mouse wheel (around the pointer), drag, one-finger pan and
 * two-finger pinch (Pointer Events; the stage needs `touch-action: none`). The page is fitted when
 * it first has a size, whenever the stage is resized (a window resized, a phone rotated) and when
 * fitKey changes (another page of a PDF).
 */
export function useZoomPan(page: Size | null, fitKey: unknown): ZoomPan {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [stage, setStage] = useState<Size>(noSize);
  const [view, setView] = useState<View | null>(null);
  const [dragging, setDragging] = useState(false);
  const [laidOutScale, setLaidOutScale] = useState<number | null>(null);
  // Whether the last change of scale came from a gesture (wheel, pinch), which is laid out once it pauses.
  const gestureZoom = useRef(false);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<Pinch | null>(null);
  const pageWidth = page?.width ?? 0;
  const pageHeight = page?.height ?? 0;
  // Event handlers read the latest values through this, so they need not be bound again each render.
  const latest = useRef({ page, stage, view });
  latest.current = { page, stage, view };

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

  useEffect(() => {
    if (pageWidth <= 0 || pageHeight <= 0 || stage.width <= 0 || stage.height <= 0) return;
    gestureZoom.current = false;
    setView(fitView({ width: pageWidth, height: pageHeight }, stage));
  }, [pageWidth, pageHeight, stage, fitKey]);

  const scale = view?.scale ?? null;
  useEffect(() => {
    if (scale === null) return undefined;
    if (!gestureZoom.current) {
      setLaidOutScale(scale);
      return undefined;
    }
    const timer = setTimeout(() => setLaidOutScale(scale), zoomSettleMs);
    return () => clearTimeout(timer);
  }, [scale]);

  const zoomBy = useCallback((factor: number, around?: Point, gesture = false) => {
    const { page: size, stage: area } = latest.current;
    if (!size) return;
    gestureZoom.current = gesture;
    const point = around ?? { x: area.width / 2, y: area.height / 2 };
    setView((current) => (current ? zoomAt(current, factor, point, zoomLimits(fitScale(size, area)), size, area) : current));
  }, []);

  const panBy = useCallback((dx: number, dy: number) => {
    const { page: size, stage: area } = latest.current;
    if (!size) return;
    setView((current) => (current ? panView(current, dx, dy, size, area) : current));
  }, []);

  const fit = useCallback(() => {
    const { page: size, stage: area } = latest.current;
    gestureZoom.current = false;
    if (size && area.width > 0 && area.height > 0) setView(fitView(size, area));
  }, []);

  useEffect(() => {
    if (!node) return undefined;
    const onWheel = (event: WheelEvent) => {
      // Not passive: the page behind the viewer must not scroll while the plan zooms. Nor need the
      // dialog's scroll lock look at it: it would search the ancestors for one that scrolls on every tick.
      event.preventDefault();
      event.stopPropagation();
      const rect = node.getBoundingClientRect();
      zoomBy(Math.exp(-wheelPixels(event, rect.height) * 0.002), { x: event.clientX - rect.left, y: event.clientY - rect.top }, true);
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, [node, zoomBy]);

  const pointerHandlers = useMemo(() => {
    const local = (event: ReactPointerEvent<HTMLDivElement>): Point => {
      const rect = event.currentTarget.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const startPinch = () => {
      const [first, second] = [...pointers.current.values()];
      const current = latest.current.view;
      pinch.current = first && second && current ? { start: current, from: [first, second] } : null;
    };
    const end = (event: ReactPointerEvent<HTMLDivElement>) => {
      if (!pointers.current.delete(event.pointerId)) return;
      if (pointers.current.size === 2) startPinch();
      else pinch.current = null;
      if (pointers.current.size === 0) setDragging(false);
    };
    return {
      onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        pointers.current.set(event.pointerId, local(event));
        if (pointers.current.size === 2) startPinch();
        setDragging(true);
      },
      onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
        const previous = pointers.current.get(event.pointerId);
        if (!previous) return;
        const point = local(event);
        pointers.current.set(event.pointerId, point);
        const { page: size, stage: area } = latest.current;
        if (!size) return;
        if (pointers.current.size === 1) {
          panBy(point.x - previous.x, point.y - previous.y);
          return;
        }
        const gesture = pinch.current;
        const [first, second] = [...pointers.current.values()];
        if (!gesture || !first || !second) return;
        gestureZoom.current = true;
        setView(pinchView(gesture.start, gesture.from, [first, second], zoomLimits(fitScale(size, area)), size, area));
      },
      onPointerUp: end,
      onPointerCancel: end,
    };
  }, [panBy]);

  const zoomIn = useCallback(() => zoomBy(zoomStep), [zoomBy]);
  const zoomOut = useCallback(() => zoomBy(1 / zoomStep), [zoomBy]);
  const percent = view && page && stage.width > 0 ? zoomPercent(view, fitScale(page, stage)) : null;
  return {
    stageRef: setNode,
    stage,
    view,
    percent,
    zoomIn,
    zoomOut,
    fit,
    panBy,
    pointerHandlers,
    dragging,
    laidOutScale,
    moving: dragging || (scale !== null && laidOutScale !== scale),
  };
}
