import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ProjectSearchResult } from '@bauakte/domain';
import { foldCase } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';

describe.each(testDialects)('project search (GET /api/projects) on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const search = async (token: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/projects${query}`, headers: bearer(token) });
  const found = async (query: string, token = tokens.mara!) => {
    const response = await search(token, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProjectSearchResult>();
  };
  const names = async (query: string, token = tokens.mara!) => (await found(query, token)).items.map((item) => item.name);

  async function insertProject(values: { name: string; createdBy: string; customer?: string; street?: string; city?: string; postalCode?: string; katastral?: number; progress?: number; changedAt?: string }) {
    const at = values.changedAt ?? '2026-01-01T00:00:00.000Z';
    await ctx.database.db
      .insertInto('projects')
      .values({
        name: values.name,
        street: values.street ?? '',
        city: values.city ?? '',
        postalCode: values.postalCode ?? '',
        katastral: values.katastral ?? null,
        progress: values.progress ?? 0,
        createdById: ids[values.createdBy]!,
        assignedUserId: values.customer ? ids[values.customer]! : null,
        changedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    for (const username of ['mara', 'tom', 'fremd']) ids[username] = await ctx.createUser({ username, password: `${username}-passwort`, role: 'ARCHI' });
    ids.chef = await ctx.createUser({ username: 'chef', password: 'chef-passwort', role: 'ADMIN' });
    ids.mgruber = await ctx.createUser({ username: 'mgruber', password: 'kunde-passwort', role: 'CLIENT', firstName: 'Maria', lastName: 'Gruber', createdById: ids.mara });
    ids.oezt = await ctx.createUser({ username: 'oezt', role: 'CLIENT', firstName: 'Jörg', lastName: 'ÖZTÜRK', createdById: ids.mara });
    ids.fkunde = await ctx.createUser({ username: 'fkunde', role: 'CLIENT', firstName: 'Maria', lastName: 'Gruber', createdById: ids.fremd });
    const now = new Date().toISOString();
    const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('teamMembers')
      .values([{ teamId: team.id, userId: ids.mara!, addedAt: now }, { teamId: team.id, userId: ids.tom!, addedAt: now }])
      .execute();
    for (const username of ['mara', 'tom', 'fremd', 'chef']) tokens[username] = await ctx.login(username, `${username}-passwort`);
    tokens.mgruber = await ctx.login('mgruber', 'kunde-passwort');

    await insertProject({ name: 'Villa Gruber', createdBy: 'mara', customer: 'mgruber', street: 'Hauptplatz', city: 'Linz', postalCode: '4020', katastral: 45203, progress: 40, changedAt: '2026-03-01T10:00:00.000Z' });
    await insertProject({ name: 'Ölmühle', createdBy: 'tom', customer: 'oezt', street: 'Mühlgasse', city: 'Graz', postalCode: '8010', progress: 100, changedAt: '2026-02-01T10:00:00.000Z' });
    await insertProject({ name: 'Anbau 100% Holz', createdBy: 'mara', street: 'Landstraße', city: 'Wien', postalCode: '1030', changedAt: '2026-04-01T10:00:00.000Z' });
    await insertProject({ name: 'Fremdes Haus', createdBy: 'fremd', customer: 'fkunde', street: 'Hauptplatz', city: 'Linz', postalCode: '4020', progress: 40 });
    // The many projects an office collects; the ones above must still be found among them.
    const filler = Array.from({ length: 500 }, (_, index) => ({
      name: `Wohnhaus ${String(index).padStart(3, '0')}`,
      street: 'Ringstraße',
      houseNumber: String(index),
      city: 'Salzburg',
      postalCode: '5020',
      progress: index % 3 === 0 ? 0 : 60,
      createdById: ids[index % 2 === 0 ? 'mara' : 'tom']!,
      changedAt: '2025-06-01T10:00:00.000Z',
      createdAt: '2025-06-01T10:00:00.000Z',
      updatedAt: '2025-06-01T10:00:00.000Z',
    }));
    await ctx.database.db.insertInto('projects').values(filler).execute();
  });
  afterAll(() => ctx.close());

  it('answers 401 without a token and 403 to clients and administrators', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
    expect((await search(tokens.mgruber!)).statusCode).toBe(403);
    expect((await search(tokens.chef!)).statusCode).toBe(403);
  });

  it("covers the team's projects, as the architect's project list does, and never another office's", async () => {
    const all = await found('?pageSize=50');
    expect(all.total).toBe(503);
    // The architect's own list comes page by page (at most 200 a page): all its pages together.
    const page = async (number: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/ProjectManagment/mara?limit=200&page=${number}`, headers: bearer(tokens.mara!) })).json<unknown[]>();
    const own = [...(await page(1)), ...(await page(2)), ...(await page(3))];
    expect((await page(1)).length).toBe(200);
    expect(all.total).toBe(own.length);
    expect(await names('?query=Fremdes')).toEqual([]);
    expect(await names('?query=Gruber')).toEqual(['Villa Gruber']);
    expect(await names('?query=Gruber', tokens.fremd)).toEqual(['Fremdes Haus']);
    expect((await found('', tokens.fremd)).total).toBe(1);
  });

  it('finds by customer name, username, street, city, postcode and KG number, ignoring case (umlauts too) and ß/ss', async () => {
    expect(await names('?query=maria%20gruber')).toEqual(['Villa Gruber']);
    expect(await names('?query=mgruber')).toEqual(['Villa Gruber']);
    expect(await names('?query=%C3%B6zt%C3%BCrk')).toEqual(['Ölmühle']); // 'öztürk' finds 'ÖZTÜRK'
    expect(await names('?query=J%C3%96RG')).toEqual(['Ölmühle']); // 'JÖRG' finds 'Jörg'
    expect(await names('?query=%C3%B6lm%C3%BChle')).toEqual(['Ölmühle']); // 'ölmühle'
    expect(await names('?query=hauptplatz')).toEqual(['Villa Gruber']);
    expect(await names('?query=LANDSTRASSE')).toEqual(['Anbau 100% Holz']);
    expect(await names('?query=landstra%C3%9Fe')).toEqual(['Anbau 100% Holz']);
    expect(await names('?query=8010')).toEqual(['Ölmühle']);
    expect(await names('?query=45203')).toEqual(['Villa Gruber']);
    expect(await names('?query=%20%20Graz%20%20M%C3%BChlgasse%20')).toEqual(['Ölmühle']);
    expect((await found('?query=wohnhaus%20ringstra%C3%9Fe')).total).toBe(500);
  });

  it('takes %, _ and backslash in a search literally', async () => {
    expect(await names('?query=100%25')).toEqual(['Anbau 100% Holz']);
    expect(await names('?query=_')).toEqual([]);
    expect(await names('?query=%5C')).toEqual([]);
  });

  it("filters by the project's status", async () => {
    const complete = await found('?status=COMPLETE');
    expect(complete.items.map((item) => [item.name, item.status, item.progress])).toEqual([['Ölmühle', 'COMPLETE', 100]]);
    const fresh = await found('?status=NEW&pageSize=50');
    expect(fresh.total).toBe(1 + 167);
    expect(fresh.items.every((item) => item.status === 'NEW' && item.progress === 0)).toBe(true);
    const working = await found('?status=IN_PROGRESS&query=Hauptplatz');
    expect(working.items.map((item) => item.name)).toEqual(['Villa Gruber']);
    expect((await found('?status=')).total).toBe(503);
  });

  it('sorts by last change (default), by name and by progress', async () => {
    expect((await names('?pageSize=3'))).toEqual(['Anbau 100% Holz', 'Villa Gruber', 'Ölmühle']);
    expect(await names('?sort=name&pageSize=2')).toEqual(['Anbau 100% Holz', 'Villa Gruber']);
    const lastByName = await found('?sort=name&page=101&pageSize=5');
    expect(lastByName.items.map((item) => item.name)).toEqual(['Wohnhaus 498', 'Wohnhaus 499', 'Ölmühle']);
    expect(await names('?sort=progress&pageSize=2')).toEqual(['Ölmühle', 'Wohnhaus 001']);
  });

  it('answers each item with status, progress, address, the customer by name and the last change', async () => {
    const [item] = (await found('?query=Villa')).items;
    expect(item).toMatchObject({
      name: 'Villa Gruber',
      status: 'IN_PROGRESS',
      progress: 40,
      address: { street: 'Hauptplatz', city: 'Linz', postalCode: '4020', katastral: 45203 },
      customer: { username: 'mgruber', firstName: 'Maria', lastName: 'Gruber' },
      changedAt: '2026-03-01T10:00:00.000Z',
    });
    expect((await found('?query=Anbau')).items[0]?.customer).toBeNull();
  });

  it('pages without gaps or repeats, with the total of all pages', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 11; page += 1) {
      const result = await found(`?sort=name&page=${page}&pageSize=50`);
      expect(result.total).toBe(503);
      expect(result.items.length).toBe(page === 11 ? 3 : 50);
      for (const item of result.items) seen.add(item.id);
    }
    expect(seen.size).toBe(503);
    expect((await found('?page=12&pageSize=50')).items).toEqual([]);
  });

  it("pages in every order and status as one sort of all the team's projects would, however unevenly the architects share a page", async () => {
    // PostgreSQL picks each page among every architect's own first projects (firstOfEachArchitect):
    // the page must be the same as the one taken from all of the office's projects in one sort.
    const db = ctx.database.db;
    const byName = foldCase(db, sql<string>`${sql.ref('projects.name')}`);
    const orders = {
      changedAt: (query: SelectQueryBuilder<Database, 'projects', { id: number }>) => query.orderBy('projects.changedAt', 'desc'),
      name: (query: SelectQueryBuilder<Database, 'projects', { id: number }>) => query.orderBy(byName),
      progress: (query: SelectQueryBuilder<Database, 'projects', { id: number }>) => query.orderBy('projects.progress', 'desc').orderBy(byName),
    };
    for (const [sort, order] of Object.entries(orders)) {
      for (const status of ['', 'NEW', 'IN_PROGRESS']) {
        for (const page of [1, 2, 3, 40]) {
          let expected = db.selectFrom('projects').select('projects.id').where('projects.createdById', 'in', [ids.mara!, ids.tom!]);
          if (status === 'NEW') expected = expected.where('projects.progress', '<', 1);
          if (status === 'IN_PROGRESS') expected = expected.where('projects.progress', '>=', 1).where('projects.progress', '<', 100);
          const rows = await order(expected).orderBy('projects.id', 'desc').limit(7).offset((page - 1) * 7).execute();
          const result = await found(`?sort=${sort}&status=${status}&page=${page}&pageSize=7`);
          expect(result.items.map((item) => item.id), `${sort} ${status} page ${page}`).toEqual(rows.map((row) => row.id));
        }
      }
    }
  });

  it('gives the total of a search on every page, also past its end', async () => {
    const words = '?query=wohnhaus%20ringstra%C3%9Fe&sort=name';
    const pages = await Promise.all(Array.from({ length: 10 }, (_, index) => found(`${words}&page=${index + 1}&pageSize=50`)));
    expect(pages.every((result) => result.items.length === 50 && result.total === 500)).toBe(true);
    expect(new Set(pages.flatMap((result) => result.items.map((item) => item.id))).size).toBe(500);
    expect(await found(`${words}&page=11&pageSize=50`)).toMatchObject({ items: [], total: 500 });
    expect(await found('?query=nirgendwo')).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad parameters with 400 and a German message', async () => {
    const cases: Array<[string, string]> = [
      ['?pageSize=51', 'Die Seitengröße muss eine ganze Zahl von 1 bis 50 sein.'],
      ['?pageSize=0', 'Die Seitengröße muss eine ganze Zahl von 1 bis 50 sein.'],
      ['?page=-1', 'Die Seite muss eine ganze Zahl von 1 bis 100000 sein.'],
      ['?page=zwei', 'Die Seite muss eine ganze Zahl von 1 bis 100000 sein.'],
      ['?page=1&page=2', 'Die Seite muss eine ganze Zahl von 1 bis 100000 sein.'],
      ['?sort=kunde', 'Unbekannte Sortierung: erlaubt sind changedAt, name und progress.'],
      ['?status=FERTIG', 'Unbekannter Status: erlaubt sind NEW, IN_PROGRESS und COMPLETE.'],
      [`?query=${'x'.repeat(201)}`, 'Höchstens 200 Zeichen.'],
    ];
    for (const [query, message] of cases) {
      const response = await search(tokens.mara!, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe('Die Eingaben sind ungültig.');
      expect(response.json().issues.map((issue: { message: string }) => issue.message), query).toContain(message);
    }
  });
});
