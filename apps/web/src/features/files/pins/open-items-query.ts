// The list 'Offene Punkte' as it asks the server: a module of its own, so a project taken along
// keeps its first page without loading the card.

/** The list's filters as the route's query names them; '' is no filter. */
export interface Filter {
  status: string;
  responsible: string;
  kind: string;
  planId: string;
  due: string;
  dueUntil: string;
}

/** What a careful user wants first: what is still to be done, on every plan. */
export const initialFilter: Filter = { status: 'UNERLEDIGT', responsible: '', kind: '', planId: '', due: '', dueUntil: '' };

/** The query's parameters: 'Fällig bis' names a day only once one is chosen. */
export function queryOf(filter: Filter): Record<string, string> {
  const { due, dueUntil, ...rest } = filter;
  return { ...rest, due: due === 'OVERDUE' ? 'OVERDUE' : '', dueUntil: due === 'UNTIL' ? dueUntil : '' };
}

/** The list's query as it first opens (what is still to be done): kept on the device with a project taken along. */
export const openItemsFirstQuery = queryOf(initialFilter);
