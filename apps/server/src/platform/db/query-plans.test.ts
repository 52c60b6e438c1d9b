import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';
import type { Database } from './schema';
import { createPageCache } from '../../modules/files/previews/page-cache';

/**
 * The SQL the server really sends on its hot paths, each statement asked for its plan: a full scan
 * of a table that grows with the installation fails the test, with the statement and its plan.
 *
 * Whether an index CAN serve a statement is asked, not which plan today's few test rows would get:
 * SQLite without ANALYZE statistics plans as if every table were large, and PostgreSQL is asked with
 * `enable_seqscan = off`, under which it still chooses a sequential scan only where no index fits
 * (loading 100,000 rows per run would make the answer depend on statistics and take minutes).
 * `QUERY_PLANS_PRINT=1` prints every statement with its plan.
 */

/** Tables that stay small whatever the installation's size: scanning them is fine. */
const smallTables: Record<string, string> = {
  teams: 'a handful per office, created by hand by an administrator',
  kysely_migration: 'one row per migration, read at start only',
  kysely_migration_lock: 'one row',
};

interface FullScan {
  table: string;
  detail: string;
}

/** SQLite names a table by its alias in the plan; the statement says which table an alias is. */
function tablesByAlias(statement: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const match of statement.matchAll(/(?:from|join)\s+"?(\w+)"?(?:\s+as\s+"?(\w+)"?)?/gi)) aliases.set(match[2] ?? match[1]!, match[1]!);
  return aliases;
}

const isLimited = (statement: string) => /\blimit\b/i.test(statement);

/** SQLite: 'SCAN t' reads the whole table; 'SCAN t USING INDEX i' the whole index, fine only for the first rows of a LIMIT. */
function sqliteFullScans(statement: string, details: string[]): FullScan[] {
  const aliases = tablesByAlias(statement);
  return details.flatMap((detail) => {
    const scan = /^SCAN (?:TABLE )?(\w+)(?: AS \w+)?(.*)$/.exec(detail);
    if (!scan) return [];
    // A name the statement does not read from a table is a subquery's or a CTE's.
    const table = aliases.get(scan[1]!);
    if (table === undefined || table in smallTables) return [];
    const usingIndex = /USING (?:COVERING )?INDEX/.test(scan[2] ?? '');
    if (usingIndex && isLimited(statement)) return [];
    return [{ table, detail }];
  });
}

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PgPlanNode[];
}

/** PostgreSQL: a Seq Scan, or an index walked from end to end (no Index Cond) where no Limit stops it. */
function postgresFullScans(node: PgPlanNode, underLimit = false): FullScan[] {
  const limited = underLimit || node['Node Type'] === 'Limit';
  const table = node['Relation Name'];
  const own: FullScan[] = [];
  if (table && !(table in smallTables)) {
    const type = node['Node Type'];
    if (type === 'Seq Scan') own.push({ table, detail: type });
    if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'] && !limited) own.push({ table, detail: `${type} without Index Cond` });
  }
  return [...own, ...(node.Plans ?? []).flatMap((child) => postgresFullScans(child, limited))];
}

/** Statements worth a plan: reads and writes that find rows (inserts of values find none). */
const isPlanned = (statement: string) => /^\s*(select|update|delete|with)\b/i.test(statement) || /^\s*insert\b[\s\S]*\bselect\b/i.test(statement);

async function planOf(db: Kysely<Database>, dialect: string, query: CompiledQuery): Promise<{ plan: string; scans: FullScan[] }> {
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    const details = result.rows.map((row) => row.detail);
    return { plan: details.join('\n'), scans: sqliteFullScans(query.sql, details) };
  }
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const result = await connection.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgPlanNode }> }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const root = result.rows[0]!['QUERY PLAN'][0]!.Plan;
      return { plan: JSON.stringify(root, null, 1), scans: postgresFullScans(root) };
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  as: string;
  payload?: object;
}

describe.each(testDialects)('query plans of the hot paths on %s', (dialect) => {
  let ctx: TestContext;
  let recording: CompiledQuery[] | null = null;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { onQuery: (query) => recording?.push(query) });
    const db = ctx.database.db;
    const now = new Date().toISOString();
    const person = (username: string, role: 'ADMIN' | 'ARCHI' | 'CLIENT', createdById?: number) =>
      ctx.createUser({ username, password: `${username}-passwort`, role, email: `${username}@example.at`, firstName: username, lastName: 'Test', ...(createdById ? { createdById } : {}) });
    await person('chef', 'ADMIN');
    ids.mara = await person('mara', 'ARCHI');
    ids.tom = await person('tom', 'ARCHI');
    ids.kunde = await person('kunde', 'CLIENT', ids.mara);
    for (const name of ['chef', 'mara', 'tom', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    await ctx.createUser({ username: 'eingeladen', role: 'ARCHI', email: 'eingeladen@example.at' });
    const team = await db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('teamMembers').values([ids.mara, ids.tom].map((userId) => ({ teamId: team.id, userId, addedAt: now }))).execute();

    // A few rows in every table, so that no plan is of an empty table.
    const customers: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      customers.push(await ctx.createUser({ username: `kunde${index}`, role: 'CLIENT', createdById: index % 2 ? ids.mara : ids.tom, lastName: `Nachname${index}` }));
    }
    const project = (name: string, createdById: number, assignedUserId: number) => ({ name, createdById, assignedUserId, street: 'Hauptplatz', city: 'Linz', createdAt: now, updatedAt: now, changedAt: now });
    const first = await db.insertInto('projects').values(project('Dachausbau', ids.mara, ids.kunde)).returning('id').executeTakeFirstOrThrow();
    ids.project = first.id;
    await db.insertInto('projects').values(customers.map((customer, index) => project(`Projekt ${index}`, index % 2 ? ids.mara! : ids.tom!, customer))).execute();
    await db
      .insertInto('projectFiles')
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          projectId: ids.project!, storageKey: `Projekt/${ids.project}/${index}.pdf`, name: `Plan ${index}`, comment: '', originalName: `plan-${index}.pdf`, documentType: 'PDF',
          contentType: 'application/pdf', size: 100, uploadedById: ids.kunde!, uploadedByName: 'kunde', uploadedAt: now,
        })),
      )
      .execute();
    // Each its own plan, as an upload makes it.
    await db.updateTable('projectFiles').set((eb) => ({ planId: eb.ref('id') })).execute();
    ids.file = (await db.selectFrom('projectFiles').select('id').where('projectId', '=', ids.project).executeTakeFirstOrThrow()).id;
    const chat = await ctx.app.inject({ method: 'POST', url: '/api/MessageManagment/createChat', headers: bearer(tokens.mara!), payload: { message: 'Grüß Gott!', receiverUsername: 'kunde' } });
    ids.chat = chat.json<{ chatId: number }>().chatId;
    for (let index = 0; index < 5; index += 1) {
      const sent = await ctx.app.inject({ method: 'POST', url: '/api/MessageManagment', headers: bearer(tokens.kunde!), payload: { message: `Frage ${index}`, chatId: ids.chat } });
      ids.lastMessage = sent.json<{ id: number }>().id;
    }
    await ctx.app.inject({ method: 'PUT', url: `/api/general/${ids.project}`, headers: bearer(tokens.kunde!), payload: { constructionYear: 1978 } });
    // A few open items, one assigned to the client with a due date and closed once.
    for (let index = 0; index < 3; index += 1) {
      const placed = await ctx.app.inject({ method: 'POST', url: `/api/s3/project/${ids.project}/files/${ids.file}/pins`, headers: bearer(tokens.mara!), payload: { page: 1, x: 0.5, y: 0.5, comment: `Punkt ${index}` } });
      ids.pin = placed.json<{ id: number }>().id;
    }
    await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${ids.pin}/item`, headers: bearer(tokens.mara!), payload: { kind: 'MANGEL', responsible: 'kunde', dueDate: '2026-01-15', version: 1 } });
    await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${ids.pin}/status`, headers: bearer(tokens.kunde!), payload: { status: 'ERLEDIGT', version: 2 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const hotPaths: Array<{ name: string; requests: () => Request[] }> = [
    { name: 'login and the session check of every request', requests: () => [{ method: 'POST', url: '/api/auth/login', as: '', payload: { username: 'tom', password: 'tom-passwort' } }, { method: 'GET', url: '/api/auth/me', as: 'mara' }] },
    {
      name: "the architect's dashboard",
      requests: () => [
        { method: 'GET', url: '/api/dashboardLayout/architect', as: 'mara' },
        { method: 'GET', url: '/api/ProjectManagment/dash/mara', as: 'mara' },
        { method: 'GET', url: '/api/MessageManagment/newChat/mara', as: 'mara' },
        { method: 'GET', url: '/api/MessageManagment/unread', as: 'mara' },
      ],
    },
    {
      name: 'project search and lists of the architect',
      requests: () => [
        { method: 'GET', url: '/api/projects', as: 'mara' },
        { method: 'GET', url: '/api/projects?query=haupt%20linz&status=NEW&sort=name&page=2&pageSize=5', as: 'mara' },
        { method: 'GET', url: '/api/projects?sort=progress', as: 'mara' },
        { method: 'GET', url: '/api/ProjectManagment/mara', as: 'mara' },
        { method: 'GET', url: '/api/ClientManagment/mara', as: 'mara' },
        { method: 'GET', url: '/api/ClientManagment/mara?page=2&limit=5', as: 'mara' },
        { method: 'GET', url: '/api/ProjectManagment/mara?page=2&limit=5', as: 'mara' },
      ],
    },
    {
      name: 'access checks of a project, a customer and a chat',
      requests: () => [
        { method: 'GET', url: `/api/DashboardClient/project/${ids.project}`, as: 'tom' },
        { method: 'GET', url: '/api/profil/kunde', as: 'tom' },
        { method: 'GET', url: '/api/notificationSettings/mara', as: 'mara' },
        { method: 'PUT', url: `/api/MessageManagment/${ids.chat}/read`, as: 'mara' },
      ],
    },
    {
      name: "the client's projects",
      requests: () => [
        { method: 'GET', url: '/api/DashboardClient/dashi/kunde', as: 'kunde' },
        { method: 'GET', url: `/api/DashboardClient/project/${ids.project}`, as: 'kunde' },
      ],
    },
    {
      name: 'questionnaire read and save, change log',
      requests: () => [
        { method: 'GET', url: `/api/general/${ids.project}`, as: 'kunde' },
        { method: 'PUT', url: `/api/general/${ids.project}`, as: 'kunde', payload: { constructionYear: 1979 } },
        { method: 'GET', url: `/api/questionnaire/${ids.project}/changes`, as: 'mara' },
        { method: 'GET', url: `/api/questionnaire/${ids.project}/changes?page=2&limit=1`, as: 'mara' },
      ],
    },
    {
      name: "a project's files",
      requests: () => [
        { method: 'GET', url: `/api/s3/project/${ids.project}`, as: 'kunde' },
        { method: 'GET', url: `/api/s3/project/${ids.project}?page=2&limit=2`, as: 'mara' },
        { method: 'GET', url: `/api/s3/project/${ids.project}/files/${ids.file}/versions`, as: 'kunde' },
      ],
    },
    {
      name: "a plan's pins and a project's open items",
      requests: () => [
        { method: 'GET', url: `/api/s3/project/${ids.project}/files/${ids.file}/pins`, as: 'kunde' },
        { method: 'GET', url: `/api/s3/project/${ids.project}/open-items`, as: 'mara' },
        { method: 'GET', url: `/api/s3/project/${ids.project}/open-items?status=UNERLEDIGT&due=OVERDUE`, as: 'mara' },
        { method: 'GET', url: `/api/s3/project/${ids.project}/open-items?responsible=kunde&kind=MANGEL&planId=${ids.file}&dueUntil=2026-12-31`, as: 'kunde' },
        { method: 'GET', url: `/api/s3/project/${ids.project}/assignees`, as: 'kunde' },
        { method: 'GET', url: '/api/s3/open-items/summary', as: 'mara' },
        { method: 'GET', url: '/api/s3/open-items/summary', as: 'kunde' },
        { method: 'GET', url: '/api/s3/open-items/mine', as: 'kunde' },
        { method: 'PUT', url: `/api/s3/pins/${ids.pin}/status`, as: 'mara', payload: { status: 'OFFEN', version: 3 } },
      ],
    },
    {
      name: 'chat list, messages, partners, sending',
      requests: () => [
        { method: 'GET', url: '/api/MessageManagment/receiver/kunde', as: 'kunde' },
        { method: 'GET', url: '/api/MessageManagment/receiver/mara', as: 'mara' },
        { method: 'GET', url: `/api/MessageManagment/receiver/mara?chatId=${ids.chat}&before=${ids.lastMessage}&messages=2`, as: 'mara' },
        { method: 'GET', url: '/api/MessageManagment/partners', as: 'mara' },
        { method: 'GET', url: '/api/MessageManagment/partners', as: 'kunde' },
        { method: 'POST', url: '/api/MessageManagment', as: 'kunde', payload: { message: 'Noch eine Frage', chatId: ids.chat } },
      ],
    },
    {
      name: 'administration lists',
      requests: () => [
        { method: 'GET', url: '/api/admin/users', as: 'chef' },
        { method: 'GET', url: '/api/admin/users?page=2&limit=10', as: 'chef' },
        { method: 'GET', url: '/api/team/allTeams', as: 'chef' },
        { method: 'GET', url: '/api/team/available-architects', as: 'chef' },
      ],
    },
    {
      name: 'the mail queue: queuing an invitation, the admin\'s failed mails',
      requests: () => [
        { method: 'POST', url: '/api/invitations/resend', as: 'chef', payload: { username: 'eingeladen' } },
        { method: 'GET', url: '/api/admin/mail-failures', as: 'chef' },
      ],
    },
  ];

  it.each(hotPaths)('$name scans no large table in full', async ({ requests }) => {
    const statements: CompiledQuery[] = [];
    recording = statements;
    try {
      for (const request of requests()) {
        const response = await ctx.app.inject({
          method: request.method,
          url: request.url,
          ...(request.as ? { headers: bearer(tokens[request.as]!) } : {}),
          ...(request.payload ? { payload: request.payload } : {}),
        });
        expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBeLessThan(300);
      }
    } finally {
      recording = null;
    }
    const planned = statements.filter((query) => isPlanned(query.sql));
    expect(planned.length).toBeGreaterThan(0);
    const findings: string[] = [];
    for (const query of planned) {
      const { plan, scans } = await planOf(ctx.database.db, dialect, query);
      if (process.env.QUERY_PLANS_PRINT) console.log(`${query.sql}\n  ${plan.replaceAll('\n', '\n  ')}`);
      if (scans.length > 0) findings.push(`${scans.map((scan) => `${scan.table}: ${scan.detail}`).join('; ')}\n  ${query.sql}\n  ${plan.replaceAll('\n', '\n  ')}`);
    }
    expect(findings, findings.join('\n\n')).toEqual([]);
  });

  it("the mail queue's sender: claiming due mails, recording the attempt, removing old mails", async () => {
    const statements: CompiledQuery[] = [];
    recording = statements;
    try {
      await ctx.mailQueue.idle();
      await ctx.app.inject({ method: 'POST', url: '/api/invitations/resend', headers: bearer(tokens.chef!), payload: { username: 'eingeladen' } });
      await ctx.mailQueue.idle();
    } finally {
      recording = null;
    }
    const queueStatements = statements.filter((query) => isPlanned(query.sql) && /mail_outbox/.test(query.sql));
    expect(queueStatements.some((query) => /^update/i.test(query.sql))).toBe(true);
    for (const query of queueStatements) expect((await planOf(ctx.database.db, dialect, query)).scans, query.sql).toEqual([]);
    const removal = ctx.database.db.deleteFrom('mailOutbox').where('state', 'in', ['SENT', 'FAILED']).where('lastAttemptAt', '<', new Date().toISOString()).compile();
    expect((await planOf(ctx.database.db, dialect, removal)).scans).toEqual([]);
  });

  it("the plan viewer's page cache: a page read, pages kept within their file's bound, the sweep's eviction", async () => {
    const fileKey = `Projekt/${ids.project}/0.pdf`;
    const pageKey = (page: number) => `${fileKey}.pages/${page}-480.webp`;
    const log = { warn: () => undefined, info: () => undefined };
    const cache = createPageCache({ data: ctx.data, store: ctx.objectStore, limits: { fileFactor: 1, fileMinBytes: 1_000, maxBytes: 500 }, log });
    const statements: CompiledQuery[] = [];
    recording = statements;
    try {
      // The third page pushes the file over its 1,000 bytes: the first goes; the sweep leaves one.
      for (const page of [1, 2, 3]) await cache.keep(fileKey, pageKey(page), Buffer.alloc(400));
      await cache.get(pageKey(3));
      expect(await cache.evictOverLimit()).toBe(1);
    } finally {
      recording = null;
    }
    // Summing every page's bytes reads the table whole, once an hour at the sweep: not a hot path.
    const isTotal = (query: CompiledQuery) => /sum\(/i.test(query.sql) && !/where/i.test(query.sql);
    const cacheStatements = statements.filter((query) => isPlanned(query.sql) && /rendered_pages/.test(query.sql) && !isTotal(query));
    expect(cacheStatements.length).toBeGreaterThan(5);
    for (const query of cacheStatements) expect((await planOf(ctx.database.db, dialect, query)).scans, query.sql).toEqual([]);
  });

  it('recognises a full scan when it sees one', async () => {
    // The detector itself: a search on an unindexed column must be caught on either database.
    const { scans } = await planOf(ctx.database.db, dialect, CompiledQuery.raw(`select id from chat_messages where body = ${dialect === 'sqlite' ? '?' : '$1'}`, ['x']));
    expect(scans.map((scan) => scan.table)).toEqual(['chat_messages']);
  });
});
