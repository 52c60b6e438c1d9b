import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { Pin } from '@bauakte/domain/schemas';
import { cn } from '../../../lib/cn';
import { de } from '../../../i18n/de';
import { isTap, pointOnPage, type PagePoint } from './pin-point';

const t = de.pins;

interface PinLayerProps {
  /** The pins of the page shown. */
  pins: Pin[];
  /** Pins with a change or deletion waiting on the device: drawn dashed, still numbered and selectable. */
  pendingIds?: ReadonlySet<number>;
  /** Pins placed without a connection, drawn dashed and without a number until they are sent. */
  queued?: PagePoint[];
  /** The previous version's pins on this page, drawn greyed until they are taken over. */
  previous?: { version: number; pins: Pin[] };
  /** The point of a pin being placed, shown until it is saved or given up. */
  draft: PagePoint | null;
  selectedId: number | null;
  onSelect(pin: Pin): void;
  /** While set, a tap on the page (not a drag or a pinch) places a pin there. */
  onPlace: ((point: PagePoint) => void) | null;
  /** The layer's box is the page's box on screen: where a pin placed by keyboard goes is measured from it. */
  layerRef: RefObject<HTMLDivElement | null>;
  /** Told whether the page is laid out on screen (its image arrived and has a size), and again whenever that changes. */
  onShown?(shown: boolean): void;
}

/** Whether the layer (the page's box) has a size: until the page's image arrives it has none, and no point of it can be named. */
function useReportShown(layer: RefObject<HTMLDivElement | null>, onShown: ((shown: boolean) => void) | undefined) {
  const report = useRef(onShown);
  report.current = onShown;
  useEffect(() => {
    const element = layer.current;
    if (!element) return undefined;
    const measure = () => {
      const box = element.getBoundingClientRect();
      report.current?.(box.width > 0 && box.height > 0);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const sizes = new ResizeObserver(measure);
    sizes.observe(element);
    return () => {
      sizes.disconnect();
      report.current?.(false);
    };
  }, [layer]);
}

/** A numbered marker whose tip is the pin's point. */
function Marker({ label, number, point, selected, draft, greyed, waiting, onClick }: { label: string; number: number | null; point: PagePoint; selected?: boolean; draft?: boolean; greyed?: boolean; waiting?: boolean; onClick?(): void }) {
  const style = { left: `${point.x * 100}%`, top: `${point.y * 100}%` };
  const face = cn(
    'flex size-8 items-center justify-center rounded-full border-2 border-white text-sm font-semibold shadow-md',
    draft ? 'bg-amber-500 text-black' : waiting ? 'border-dashed border-gray-600 bg-gray-200 text-gray-700' : greyed ? 'bg-gray-400 text-white opacity-80' : selected ? 'bg-primary text-primary-foreground ring-4 ring-primary/40' : 'bg-red-600 text-white',
  );
  if (!onClick) {
    return (
      <span aria-hidden className="absolute -ml-4 -mt-4" style={style}>
        <span className={face}>{number ?? (waiting ? '…' : '+')}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={selected}
      // 44 px to tap, the face drawn smaller; a tap on a pin never starts a drag of the plan.
      className="pointer-events-auto absolute -ml-5.5 -mt-5.5 flex size-11 items-center justify-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      style={style}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={onClick}
    >
      <span className={face}>{number}</span>
    </button>
  );
}

/**
 * The pins over the page, in a box of the page's size: markers are placed by percentages, so they
 * stay on their spot at every zoom. While placing, a tap on the page says where.
 */
export function PinLayer({ pins, pendingIds, queued = [], previous, draft, selectedId, onSelect, onPlace, layerRef: layer, onShown }: PinLayerProps) {
  const down = useRef<{ id: number; x: number; y: number; at: number } | null>(null);
  useReportShown(layer, onShown);

  // The stage holds the pointer while it pans: its pointerup comes to the window, not to this layer.
  useEffect(() => {
    if (!onPlace) return undefined;
    const up = (event: PointerEvent) => {
      const started = down.current;
      down.current = null;
      if (!started || started.id !== event.pointerId || !layer.current) return;
      if (!isTap(started, { x: event.clientX, y: event.clientY, at: event.timeStamp })) return;
      const point = pointOnPage(event.clientX, event.clientY, layer.current.getBoundingClientRect());
      if (point) onPlace(point);
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [onPlace]);

  const remember = (event: ReactPointerEvent) => {
    down.current = event.isPrimary ? { id: event.pointerId, x: event.clientX, y: event.clientY, at: event.timeStamp } : null;
  };

  return (
    <div ref={layer} data-pin-layer="" className={cn('pointer-events-none absolute inset-0', onPlace && 'pointer-events-auto cursor-crosshair')} onPointerDown={onPlace ? remember : undefined}>
      {previous?.pins.map((pin) => (
        <Marker key={`previous-${pin.id}`} label={t.previousMarker(previous.version, pin.number, pin.comment)} number={pin.number} point={pin} greyed onClick={() => onSelect(pin)} />
      ))}
      {pins.map((pin) => (
        <Marker
          key={pin.id}
          label={pendingIds?.has(pin.id) ? `${t.marker(pin.number, pin.comment)} – ${de.offlineQueue.status.waiting}` : t.marker(pin.number, pin.comment)}
          number={pin.number}
          point={pin}
          selected={pin.id === selectedId}
          waiting={pendingIds?.has(pin.id) && pin.id !== selectedId}
          onClick={() => onSelect(pin)}
        />
      ))}
      {queued.map((point, index) => (
        <Marker key={`queued-${index}`} label="" number={null} point={point} waiting />
      ))}
      {draft ? <Marker label={t.placeHere} number={null} point={draft} draft /> : null}
    </div>
  );
}
