import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { saveLayout } from './dashboard-layout-api';
import type { CardPlace } from './dashboard-layout';

afterEach(() => vi.unstubAllGlobals());

describe('saveLayout', () => {
  it("sends only each card's i, x, y, w and h: the grid's own fields would be refused", async () => {
    const api = stubApi({ 'PUT /api/dashboardLayout/client': (call) => json(200, call.body) });
    // What react-grid-layout reports: the stored fields and its own.
    const dragged = { i: 'projects', x: 0, y: 0, w: 2, h: 4, moved: false, static: false, isDraggable: true };
    const resized = { i: 'user', x: 2, y: 0, w: 2, h: 2, resizeHandles: ['se'] };
    const gridItems: CardPlace[] = [dragged, resized];
    await saveLayout('client', gridItems);
    expect(api.callsTo('PUT', '/api/dashboardLayout/client')[0]?.body).toEqual([
      { i: 'projects', x: 0, y: 0, w: 2, h: 4 },
      { i: 'user', x: 2, y: 0, w: 2, h: 2 },
    ]);
  });
});
