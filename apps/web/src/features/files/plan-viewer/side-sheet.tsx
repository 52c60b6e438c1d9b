import { useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';

/**
 * What the side panel's content asks of the phone's sheet for a while: 'peek' keeps the plan in
 * view with only the panel's top (placing a pin: its hint and buttons), 'open' shows it all (a
 * pin's form). Otherwise the sheet stays as the user left it.
 */
export type SheetMode = 'peek' | 'open';

/** A drag of the handle this far (CSS pixels) up opens the sheet, down closes it; less is a tap. */
export const sheetDragThreshold = 24;

/** Opened or closed by a drag from `fromY` to `toY`; null when it was too short to be one. */
export function sheetAfterDrag(fromY: number, toY: number): boolean | null {
  if (toY - fromY <= -sheetDragThreshold) return true;
  if (toY - fromY >= sheetDragThreshold) return false;
  return null;
}

// Phones (up to 640 px wide) get the sheet; wider screens the panel as before: beside the plan from
// 768 px (md), below it in between. Tailwind's max-[641px] is 'width < 641px'.
const panel =
  'max-h-[40%] overflow-y-auto border-t border-border md:max-h-none md:w-80 md:border-l md:border-t-0 ' +
  'max-[641px]:absolute max-[641px]:inset-x-0 max-[641px]:bottom-0 max-[641px]:z-10 max-[641px]:flex max-[641px]:flex-col max-[641px]:overflow-hidden ' +
  'max-[641px]:rounded-t-xl max-[641px]:border max-[641px]:bg-background max-[641px]:shadow-[0_-4px_16px_rgba(0,0,0,0.15)]';
const height: Record<'closed' | SheetMode, string> = { closed: '', peek: 'max-[641px]:max-h-[40%]', open: 'max-[641px]:max-h-[75%]' };

interface SideSheetProps {
  /** The handle's text on a phone: '3 Markierungen'. */
  label: string;
  mode?: SheetMode;
  children: ReactNode;
}

/**
 * The viewer's side panel: beside or below the plan on wider screens; on a phone a sheet over the
 * plan's bottom edge, so the plan keeps the whole screen and nothing moves when it opens. Closed, it
 * shows its handle ('3 Markierungen', a button with aria-expanded); a tap, Enter or Space toggles
 * it, a drag up opens and a drag down closes it.
 */
export function SideSheet({ label, mode, children }: SideSheetProps) {
  const [expanded, setExpanded] = useState(false);
  const dragStart = useRef<number | null>(null);
  const dragged = useRef(false);
  const contentId = useId();
  const state = mode ?? (expanded ? 'open' : 'closed');
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    dragStart.current = event.clientY;
    dragged.current = false;
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const next = dragStart.current === null ? null : sheetAfterDrag(dragStart.current, event.clientY);
    dragStart.current = null;
    if (next === null) return;
    dragged.current = true;
    setExpanded(next);
  };
  return (
    <aside data-side-sheet={state} className={`${panel} ${height[state]}`}>
      <button
        type="button"
        aria-expanded={state !== 'closed'}
        aria-controls={contentId}
        className="flex min-h-12 w-full shrink-0 touch-none flex-col items-center justify-center gap-1 px-4 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring min-[641px]:hidden"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (dragStart.current = null)}
        onClick={() => {
          // A drag has decided already; a tap, Enter or Space toggles.
          if (dragged.current) dragged.current = false;
          else setExpanded(state === 'closed');
        }}
      >
        <span aria-hidden className="h-1.5 w-10 rounded-full bg-muted-foreground/40" />
        {label}
      </button>
      <div id={contentId} className={`max-[641px]:min-h-0 max-[641px]:overflow-y-auto ${state === 'closed' ? 'max-[641px]:hidden' : ''}`}>
        {children}
      </div>
    </aside>
  );
}
