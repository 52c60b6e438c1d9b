import { dashboardLayoutSchema, type LayoutItem } from '@bauakte/domain';
import type { Db } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';

/** Every dashboard asks it: built once (preparedQuery). */
const layoutQuery = preparedQuery((db: Db, userId: number, dashboard: string) =>
  db.selectFrom('dashboardLayouts').select('items').where('userId', '=', userId).where('dashboard', '=', dashboard),
);

export function createDashboardLayoutRepository(db: Db) {
  return {
    find: async (userId: number, dashboard: string): Promise<LayoutItem[]> => {
      const row = await layoutQuery.executeTakeFirst(db, userId, dashboard);
      if (!row) return [];
      // Stored by this app, but parsed anyway: a layout from an older version must not break the page.
      const parsed = dashboardLayoutSchema.safeParse(JSON.parse(row.items));
      return parsed.success ? parsed.data : [];
    },

    save: (userId: number, dashboard: string, items: LayoutItem[], updatedAt: string) =>
      db
        .insertInto('dashboardLayouts')
        .values({ userId, dashboard, items: JSON.stringify(items), updatedAt })
        .onConflict((oc) => oc.columns(['userId', 'dashboard']).doUpdateSet({ items: JSON.stringify(items), updatedAt }))
        .execute(),
  };
}

export type DashboardLayoutRepository = ReturnType<typeof createDashboardLayoutRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly dashboardLayouts: DashboardLayoutRepository;
  }
}
