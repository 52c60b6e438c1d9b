import type { ReactNode } from 'react';
import { ReactGridLayout, type Layout } from 'react-grid-layout';
import { cardHandleClass, gridColumns, gridRowHeight } from './dashboard-layout';
// The grid's styles load with the dashboards, not with the login page.
import 'react-grid-layout/css/styles.css';
import './dashboard-grid.css';

const gridConfig = { cols: gridColumns, rowHeight: gridRowHeight };
const dragConfig = { handle: `.${cardHandleClass}` };
const resizeConfig = { enabled: true, handles: ['se' as const] };

interface CardGridProps {
  width: number;
  layout: Layout;
  onLayoutChange(next: Layout): void;
  children: ReactNode;
}

/** The draggable, resizable 4-column grid (react-grid-layout) of wider screens; a phone stacks the cards. */
export function CardGrid({ width, layout, onLayoutChange, children }: CardGridProps) {
  return (
    <ReactGridLayout width={width} layout={layout} gridConfig={gridConfig} dragConfig={dragConfig} resizeConfig={resizeConfig} onLayoutChange={onLayoutChange}>
      {children}
    </ReactGridLayout>
  );
}
