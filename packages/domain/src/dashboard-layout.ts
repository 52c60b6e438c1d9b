import { z } from 'zod';
import { requestObject } from './fields';
import { singleLineString } from './text';

export const dashboards = ['architect', 'client'] as const;
export type DashboardName = (typeof dashboards)[number];

/** One card's place in the 4-column grid (spec section 3: i, x, y, w, h). */
export const layoutItemSchema = requestObject({
  i: singleLineString().min(1).max(50),
  x: z.number().int().min(0).max(3),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(4),
  h: z.number().int().min(1).max(100),
});
export type LayoutItem = z.infer<typeof layoutItemSchema>;

export const dashboardLayoutSchema = z.array(layoutItemSchema).max(20);
export const dashboardParamsSchema = z.object({ dashboard: z.enum(dashboards) });
