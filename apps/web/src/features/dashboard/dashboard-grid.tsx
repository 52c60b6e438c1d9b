import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ReactGridLayout, type Layout } from 'react-grid-layout';
import type { DashboardName } from '@bauakte/domain/schemas';
import { GripVertical } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { scrollRegionFocusRing, useOverflows } from '../../components/ui/scroll-region';
import { FormError } from '../../components/ui/form-error';
import { useIsMobile } from '../../components/ui/use-is-mobile';
import { de } from '../../i18n/de';
import { cn } from '../../lib/cn';
import { useNotKeptOffline } from '../../platform/offline/kept-on-device';
import { layoutQuery } from './dashboard-layout-query';
import {
  gridColumns, gridRowHeight, inReadingOrder, moveCard, positionOf, restoreLayout, sameLayout, toPlace,
  type CardLayout, type CardMove, type CardPlace,
} from './dashboard-layout';
import { useGridWidth } from './use-grid-width';
import { useLayoutSaver } from './use-layout-saver';
// The grid's styles load with the dashboards, not with the login page.
import 'react-grid-layout/css/styles.css';
import './dashboard-grid.css';

const t = de.dashboard;

export interface DashboardCard {
  id: string;
  title: string;
  /** A button in the card's header, e.g. 'Neues Projekt'. */
  action?: ReactNode;
  children: ReactNode;
}

const handleClass = 'dashboard-card-handle';
const gridConfig = { cols: gridColumns, rowHeight: gridRowHeight };
// Only the handle starts a drag, so the buttons and rows inside a card stay clickable.
const dragConfig = { handle: `.${handleClass}` };
const resizeConfig = { enabled: true, handles: ['se' as const] };

const keyMoves: Record<string, CardMove> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

function CardFrame({ card, handle, minHeight }: { card: DashboardCard; handle?: ReactNode; minHeight?: number }) {
  const titleId = useId();
  // A card made smaller than its content scrolls: then the keyboard reaches it, as the card it names.
  const body = useOverflows<HTMLDivElement>();
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden" style={minHeight === undefined ? undefined : { minHeight }}>
      <div className="flex min-h-14 flex-wrap items-center gap-2 border-b border-border px-3 py-2">
        {handle}
        <h2 id={titleId} className="min-w-0 flex-1 text-base font-semibold">
          {card.title}
        </h2>
        {card.action}
      </div>
      <div
        ref={body.ref}
        {...(body.overflows ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        className={cn('min-h-0 flex-1 overflow-auto p-4', scrollRegionFocusRing)}
      >
        {card.children}
      </div>
    </Card>
  );
}

interface HandleProps {
  title: string;
  hintId: string;
  onMove(direction: CardMove): void;
  register(button: HTMLButtonElement | null): void;
}

/** The drag handle; with the keyboard, the arrow keys move the card. */
function MoveHandle({ title, hintId, onMove, register }: HandleProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const direction = keyMoves[event.key];
    if (!direction) return;
    event.preventDefault();
    onMove(direction);
  };
  return (
    <button
      ref={register}
      type="button"
      className={`${handleClass} inline-flex size-8 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing`}
      aria-label={t.moveCard(title)}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
    >
      <GripVertical aria-hidden className="size-4" />
    </button>
  );
}

interface LoadedGridProps {
  dashboard: DashboardName;
  cards: readonly DashboardCard[];
  initial: CardPlace[];
}

function LoadedGrid({ dashboard, cards, initial }: LoadedGridProps) {
  const isMobile = useIsMobile();
  const hintId = useId();
  const [layout, setLayout] = useState<CardPlace[]>(initial);
  const [announcement, setAnnouncement] = useState('');
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const width = useGridWidth(container);
  const { schedule, failed } = useLayoutSaver(dashboard, initial);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const movedByKeyboard = useRef<string | null>(null);

  const change = useCallback(
    (next: Layout | CardLayout) => {
      const places = next.map(toPlace);
      setLayout((current) => (sameLayout(current, places) ? current : places));
      schedule(places);
    },
    [schedule],
  );

  const moveByKeyboard = (card: DashboardCard, direction: CardMove) => {
    const next = moveCard(layout, card.id, direction);
    const position = positionOf(next, card.id);
    if (position) setAnnouncement(t.moved(card.title, position.column, position.row));
    if (sameLayout(next, layout)) return;
    movedByKeyboard.current = card.id;
    change(next);
  };

  // The cards follow the layout in the page's order, so moving one re-inserts it: keep its handle focused.
  useEffect(() => {
    const moved = movedByKeyboard.current;
    movedByKeyboard.current = null;
    if (moved) handles.current.get(moved)?.focus();
  }, [layout]);

  const gridLayout = useMemo(() => layout.map((place) => ({ ...place, minH: 2 })), [layout]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const heightOf = new Map(layout.map((place) => [place.i, place.h]));
  const ordered = inReadingOrder(layout).flatMap((place) => byId.get(place.i) ?? []);

  const handleFor = (card: DashboardCard) => (
    <MoveHandle
      title={card.title}
      hintId={hintId}
      onMove={(direction) => moveByKeyboard(card, direction)}
      register={(button) => {
        if (button) handles.current.set(card.id, button);
        else handles.current.delete(card.id);
      }}
    />
  );

  return (
    <div ref={setContainer} className="flex flex-col gap-2">
      <p id={hintId} className="sr-only">
        {t.moveHint}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <FormError>{failed ? t.layoutSaveFailed : null}</FormError>
      {isMobile ? (
        // On a phone the cards stack in full width, in the order of the saved layout, each at least as
        // high as in the grid: a list arriving in a card above does not push the cards below down.
        <div className="flex flex-col gap-4">
          {ordered.map((card) => (
            <CardFrame key={card.id} card={card} minHeight={(heightOf.get(card.id) ?? 1) * gridRowHeight} />
          ))}
        </div>
      ) : (
        <ReactGridLayout width={width} layout={gridLayout} gridConfig={gridConfig} dragConfig={dragConfig} resizeConfig={resizeConfig} onLayoutChange={change}>
          {ordered.map((card) => (
            <div key={card.id} data-card={card.id}>
              <CardFrame card={card} handle={handleFor(card)} />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}

interface DashboardGridProps {
  dashboard: DashboardName;
  cards: readonly DashboardCard[];
  /** Where each card sits until the user moves it. */
  defaultLayout: CardLayout;
}

/** The draggable 4-column card grid of both dashboards; each user's layout is kept on the server. */
export function DashboardGrid({ dashboard, cards, defaultLayout }: DashboardGridProps) {
  const query = layoutQuery(dashboard);
  const saved = useQuery(query);
  // Offline, a layout not kept on this device is not waited for: the cards show in their default places.
  const notKept = useNotKeptOffline(query.queryKey, saved);

  useEffect(() => {
    if (saved.error) console.error('Dashboard-Layout nicht geladen', saved.error);
  }, [saved.error]);

  if (saved.isPending && !notKept) return <p role="status">{de.common.loading}</p>;
  // Without the saved layout the cards still show, in their default places.
  return <LoadedGrid dashboard={dashboard} cards={cards} initial={restoreLayout(saved.data, defaultLayout)} />;
}
