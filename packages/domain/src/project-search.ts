// 'Alle Projekte': its sort keys and sizes, without schemas (the architect's dashboard shows the
// search at start; projects.ts holds the query's schema and would bring zod along).

/** How 'Alle Projekte' sorts: newest change first, by name A–Z, or furthest progress first. */
export const projectSortKeys = ['changedAt', 'name', 'progress'] as const;
export type ProjectSortKey = (typeof projectSortKeys)[number];
export const projectSearchMaxPageSize = 50;
export const projectSearchDefaultPageSize = 20;
export const projectSearchMaxQueryLength = 200;
