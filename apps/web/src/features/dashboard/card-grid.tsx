import { useState, type ReactNode } from 'react';
import { ReactGridLayout, type Layout } from 'react-grid-layout';
import { cardHandleClass, gridColumns, gridRowHeight } from './dashboard-layout';
import { useGridWidth } from './use-grid-width';
// The grid's styles load with the dashboards, not with the login page.
import 'react-grid-layout/css/styles.css';
import './dashboard-grid.css';

const gridConfig = { cols: gridColumns, rowHeight: gridRowHeight };
const dragConfig = { handle: `.${cardHandleClass}` };
const resizeConfig = { enabled: true, handles: ['se' as const] };

interface CardGridProps {
  layout: Layout;
  onLayoutChange(next: Layout): void;
  children: ReactNode;
}

/** The draggable, resizable 4-column grid (react-grid-layout) of wider screens; a phone stacks the cards. */
export function CardGrid({ layout, onLayoutChange, children }: CardGridProps) {
  // Measured here, not for the stacked cards of a phone: reading the width forces a layout of the page.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const width = useGridWidth(container);
  return (
    <div ref={setContainer}>
      <ReactGridLayout width={width} layout={layout} gridConfig={gridConfig} dragConfig={dragConfig} resizeConfig={resizeConfig} onLayoutChange={onLayoutChange}>
        {children}
      </ReactGridLayout>
    </div>
  );
}
