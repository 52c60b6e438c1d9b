import { sql, type SelectQueryBuilder } from 'kysely';
import { projectStatusFromProgress, type ProjectSearchQuery, type ProjectSearchResult, type ProjectStatus } from '@bauakte/domain';
import { foldCase, foldText, isPostgresDb, type Db } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { addressAndProgress } from './project-rows';

/** The words of a search, folded; each must appear somewhere in the project or its customer. */
export function searchWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter((word) => word.length > 0).slice(0, 10);
}

/** A LIKE pattern that finds the word anywhere, with its own %, _ and backslash taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Everything a search looks in, as one text: name, address, KG number and the customer's names. */
const searchableText = sql<string>`coalesce(${sql.ref('projects.name')}, '') || ' ' || ${sql.ref('projects.street')} || ' ' || ${sql.ref('projects.houseNumber')}
  || ' ' || ${sql.ref('projects.postalCode')} || ' ' || ${sql.ref('projects.city')} || ' ' || coalesce(cast(${sql.ref('projects.katastral')} as text), '')
  || ' ' || coalesce(${sql.ref('client.firstName')}, '') || ' ' || coalesce(${sql.ref('client.lastName')}, '') || ' ' || coalesce(${sql.ref('client.username')}, '')`;

/**
 * The searchable text folded: on PostgreSQL the columns the database keeps folded (migration
 * 2026-11-25T1310-search-keys), elsewhere folded here, row by row.
 */
const foldedSearchableText = (db: Db) =>
  isPostgresDb(db) ? sql<string>`projects.search_key || ' ' || coalesce(client.name_key, '')` : foldCase(db, searchableText);

/** The status is derived from the progress (projectStatusFromProgress), so its filter is a progress range. */
const progressOfStatus: Record<ProjectStatus, { min?: number; below?: number }> = {
  NEW: { below: 1 },
  IN_PROGRESS: { min: 1, below: 100 },
  COMPLETE: { min: 100 },
};

/** A project as a search lists it, with its customer (none for a project without one). */
interface SearchRow {
  id: number;
  name: string;
  street: string;
  houseNumber: string;
  city: string;
  katastral: number | null;
  postalCode: string;
  country: string;
  progress: number;
  changedAt: string;
  customerUsername: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
}

/** A search's row as the list shows it. */
const toSearchItem = (row: SearchRow): ProjectSearchResult['items'][number] => ({
  id: row.id,
  name: row.name,
  status: projectStatusFromProgress(row.progress),
  progress: row.progress,
  address: { street: row.street, number: row.houseNumber, city: row.city, katastral: row.katastral, postalCode: row.postalCode, country: row.country },
  customer: row.customerUsername === null ? null : { username: row.customerUsername, firstName: row.customerFirstName ?? '', lastName: row.customerLastName ?? '' },
  changedAt: row.changedAt,
});

/** One page of the architects' projects that match the search, and how many match in all. */
async function search(db: Db, architectIds: number[], query: ProjectSearchQuery): Promise<ProjectSearchResult> {
  const page = { page: query.page, pageSize: query.pageSize };
  if (architectIds.length === 0) return { items: [], total: 0, ...page };
  const range = query.status ? progressOfStatus[query.status] : {};
  const inRange = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q => {
    let scoped: SelectQueryBuilder<Database, 'projects', object> = builder;
    if (range.min !== undefined) scoped = scoped.where('projects.progress', '>=', range.min);
    if (range.below !== undefined) scoped = scoped.where('projects.progress', '<', range.below);
    return scoped as Q;
  };
  const inScope = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q =>
    inRange(builder.where('projects.createdById', 'in', architectIds) as Q);
  const byName = foldCase(db, sql<string>`${sql.ref('projects.name')}`);
  const inOrder = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q => {
    let sorted: SelectQueryBuilder<Database, 'projects', object> = builder;
    if (query.sort === 'name') sorted = sorted.orderBy(byName);
    if (query.sort === 'changedAt') sorted = sorted.orderBy('projects.changedAt', 'desc');
    if (query.sort === 'progress') sorted = sorted.orderBy('projects.progress', 'desc').orderBy(byName);
    return sorted.orderBy('projects.id', 'desc') as Q;
  };
  const window = <Q extends SelectQueryBuilder<Database, 'projects', object>>(builder: Q): Q =>
    inOrder(builder).limit(query.pageSize).offset((query.page - 1) * query.pageSize) as Q;
  const withCustomer = () => db.selectFrom('projects').leftJoin('users as client', 'client.id', 'projects.assignedUserId');
  const shown = [
    'projects.id',
    'projects.name',
    ...addressAndProgress,
    'client.username as customerUsername',
    'client.firstName as customerFirstName',
    'client.lastName as customerLastName',
  ] as const;

  /**
   * PostgreSQL: the candidates for the page, as each architect's own first `offset + pageSize`
   * in the page's order, walked along the (architect, changed) index: the page is among them. One
   * walk over the office's projects would sort all of them to keep a page's few.
   */
  const firstOfEachArchitect = () =>
    db
      .selectFrom(sql<{ id: number }>`(select unnest(array[${sql.join(architectIds)}]::integer[]) as id)`.as('architect'))
      .innerJoinLateral(
        (eb) =>
          inOrder(inRange(eb.selectFrom('projects').select('projects.id').whereRef('projects.createdById', '=', 'architect.id')))
            .limit(query.page * query.pageSize)
            .as('first'),
        (join) => join.onTrue(),
      )
      .select('first.id');

  const words = searchWords(query.query);
  let rows: SearchRow[];
  let total: number;
  if (words.length === 0) {
    // The page is chosen among the projects alone, and only its rows are joined to their
    // customers (PostgreSQL joined all 1,750 of the demo's office first); the projects' index counts.
    const chosen = window(
      isPostgresDb(db)
        ? db.selectFrom('projects').select('projects.id').where('projects.id', 'in', firstOfEachArchitect())
        : inScope(db.selectFrom('projects')).select('projects.id'),
    );
    const [counted, found] = await Promise.all([
      inScope(db.selectFrom('projects')).select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      inOrder(withCustomer().select(shown).where('projects.id', 'in', chosen)).execute(),
    ]);
    [rows, total] = [found, Number(counted.total)];
  } else {
    const folded = foldedSearchableText(db);
    const matching = words.reduce((found, word) => found.where(sql<boolean>`${folded} like ${containing(word)} escape '\\'`), inScope(withCustomer()));
    // The total comes with the page (a window count), so each project's text is matched once, not
    // twice. A page past the end has no row to carry it: only then is it counted on its own.
    const found = await window(matching.select([...shown, sql<number | string>`count(*) over ()`.as('total')])).execute();
    const countAll = async () => (await matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()).total;
    [rows, total] = [found, Number(found[0]?.total ?? (query.page === 1 ? 0 : await countAll()))];
  }
  return { items: rows.map(toSearchItem), total, ...page };
}

/** The architects' project search (GET /api/projects): by words, status and sort, a page at a time. */
export function createProjectSearchQueries(db: Db) {
  return {
    search: (architectIds: number[], query: ProjectSearchQuery): Promise<ProjectSearchResult> => search(db, architectIds, query),
  };
}
