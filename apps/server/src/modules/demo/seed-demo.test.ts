import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeProgress, projectStatusFromProgress, questionnaireSchemas, questionnaireSteps, unconfirmedValues, type ChatConversation, type ChatPartner, type ClientProject, type LatestMessage,
  type Project, type ProjectFile, type QuestionnaireRecord, type QuestionnaireStep,
} from '@bauakte/domain';
import { bearer, createTestContext, openTestDatabase, testDialects, type TestContext } from '../../test/test-app';
import { DemoRefusedError, demoPassword, seedDemo, type DemoSummary } from './seed-demo';
import { openDataLayer } from '../../data-layer';

const now = new Date('2026-11-20T10:00:00Z');

describe.each(testDialects)('the demo installation on %s', (dialect) => {
  let ctx: TestContext;
  let summary: DemoSummary;
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string) => {
    const token = tokens.get(username) ?? (await ctx.login(username, demoPassword));
    tokens.set(username, token);
    return token;
  };
  const get = async <T>(username: string, url: string): Promise<T> => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(username)) });
    expect(response.statusCode, `${username} GET ${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    // 0.1: two offices with one architect each, 200 customers, 500 projects, 10,000 messages.
    summary = await seedDemo(openDataLayer(ctx.database), { scale: 0.1, store: ctx.objectStore, now });
  });
  afterAll(() => ctx.close());

  it('holds the scaled counts', () => {
    expect(summary.counts).toMatchObject({ teams: 2, architects: 2, customers: 200, projects: 500, messages: 10_000 });
    expect(summary.counts.files).toBeGreaterThan(50);
  });

  it('shows every project to the architects of its office, and to them only', async () => {
    const rows = await ctx.database.db.selectFrom('projects').innerJoin('users', 'users.id', 'projects.createdById').select(['projects.id', 'users.username']).execute();
    for (const architect of summary.architects) {
      const own = rows.filter((row) => row.username === architect).map((row) => row.id).sort((a, b) => a - b);
      const listed: number[] = [];
      // The list comes a page at a time (at most 200): read until a page is short.
      for (let page = 1; ; page++) {
        const projects = await get<Project[]>(architect, `/api/ProjectManagment/${architect}?limit=200&page=${page}`);
        listed.push(...projects.map((project) => project.id));
        if (projects.length < 200) break;
      }
      listed.sort((a, b) => a - b);
      expect(listed).toEqual(own);
      const searched = await get<{ total: number }>(architect, '/api/projects?pageSize=1');
      expect(searched.total).toBe(own.length);
    }
    expect(rows.length).toBe(500);
  });

  it('stores questionnaire answers the step schemas accept, in every state, with progress and status computed from them', async () => {
    const answers = await ctx.database.db.selectFrom('questionnaireAnswers').select(['projectId', 'step', 'answers']).execute();
    const records = new Map<number, QuestionnaireRecord>();
    for (const row of answers) {
      const parsed = JSON.parse(row.answers) as unknown;
      expect(questionnaireSchemas[row.step as QuestionnaireStep].safeParse(parsed).success, `${row.projectId} ${row.step}`).toBe(true);
      records.set(row.projectId, { ...records.get(row.projectId), [row.step]: parsed });
    }
    const projects = await ctx.database.db.selectFrom('projects').select(['id', 'progress']).execute();
    for (const project of projects) expect(project.progress, `project ${project.id}`).toBe(computeProgress(records.get(project.id) ?? {}));
    // No step holds a value the portal would refuse to save until the client confirms it (windows or heating older than the building).
    for (const [projectId, record] of records) {
      for (const step of questionnaireSteps) expect(unconfirmedValues(record, step).map((value) => value.field), `${projectId} ${step}`).toEqual([]);
    }
    const statuses = new Set(projects.map((project) => projectStatusFromProgress(project.progress)));
    expect([...statuses].sort()).toEqual(['COMPLETE', 'IN_PROGRESS', 'NEW']);
    // Each saved step has its line in the change log.
    const changes = await ctx.database.db.selectFrom('questionnaireChanges').select(['projectId', 'step']).execute();
    expect(changes.length).toBe(answers.length);
  });

  it('lets a seeded client log in with the demo password and read their project as stored', async () => {
    const client = summary.sampleClients[0]!;
    const projects = await get<ClientProject[]>(client, `/api/DashboardClient/dashi/${client}`);
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      const stored = await ctx.database.db.selectFrom('questionnaireAnswers').select(['step', 'answers']).where('projectId', '=', project.id).execute();
      for (const step of questionnaireSteps) {
        const row = stored.find((entry) => entry.step === step);
        expect(await get<unknown>(client, `/api/${step}/${project.id}`)).toEqual(row ? JSON.parse(row.answers) : {});
      }
    }
  });

  it('shows every dashboard\'s newest messages newest first, and no sentence twice among a chat\'s latest five', async () => {
    for (const username of [...summary.architects, ...summary.sampleClients]) {
      const newest = await get<LatestMessage[]>(username, `/api/MessageManagment/newChat/${username}`);
      expect(newest.length, username).toBeGreaterThan(0);
      const times = newest.map((message) => Date.parse(message.sentAt));
      expect(times, username).toEqual([...times].sort((a, b) => b - a));
    }
    const messages = await ctx.database.db.selectFrom('chatMessages').select(['chatId', 'body']).orderBy('chatId').orderBy('id', 'desc').execute();
    const latest = new Map<number, string[]>();
    for (const { chatId, body } of messages) {
      const bodies = latest.get(chatId) ?? [];
      if (bodies.length < 5) latest.set(chatId, [...bodies, body]);
    }
    for (const [chatId, bodies] of latest) expect(new Set(bodies).size, `chat ${chatId}: ${bodies.join(' | ')}`).toBe(bodies.length);
  });

  it('has chats only between an architect and a client the access policy lets them chat with', async () => {
    const chats = await ctx.database.db
      .selectFrom('chats')
      .innerJoin('users as first', 'first.id', 'chats.firstUserId')
      .innerJoin('users as second', 'second.id', 'chats.secondUserId')
      .select(['chats.id', 'first.username as firstName', 'first.role as firstRole', 'second.username as secondName', 'second.role as secondRole'])
      .execute();
    expect(chats.length).toBe(200);
    for (const architect of summary.architects) {
      const partners = new Set((await get<ChatPartner[]>(architect, '/api/MessageManagment/partners')).map((partner) => partner.username));
      const own = chats.filter((chat) => chat.firstName === architect || chat.secondName === architect);
      expect(own.length).toBeGreaterThan(0);
      for (const chat of own) {
        expect([chat.firstRole, chat.secondRole].sort()).toEqual(['ARCHI', 'CLIENT']);
        expect(partners.has(chat.firstName === architect ? chat.secondName : chat.firstName)).toBe(true);
      }
    }
    const client = summary.sampleClients[1]!;
    const conversations = await get<ChatConversation[]>(client, `/api/MessageManagment/receiver/${client}`);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.messages.length).toBeGreaterThan(0);
  });

  it('lists files of every kind whose downloads are real PDFs and pictures, each with a preview (a plan\'s first page)', async () => {
    const magic: Record<string, string> = { PDF: '%PDF', PNG: '\x89PNG', JPG: '\xff\xd8\xff' };
    for (const documentType of ['PDF', 'PNG', 'JPG'] as const) {
      const row = await ctx.database.db
        .selectFrom('projectFiles')
        .innerJoin('projects', 'projects.id', 'projectFiles.projectId')
        .innerJoin('users', 'users.id', 'projects.createdById')
        .select(['projectFiles.id', 'projectFiles.projectId', 'users.username'])
        .where('projectFiles.documentType', '=', documentType)
        .executeTakeFirstOrThrow();
      const file = (await get<ProjectFile[]>(row.username, `/api/s3/project/${row.projectId}`)).find((listed) => listed.id === row.id)!;
      const original = await ctx.app.inject({ method: 'GET', url: file.url });
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.length).toBe(file.size);
      expect(original.rawPayload.subarray(0, magic[documentType]!.length).toString('latin1')).toBe(magic[documentType]);
      const thumbnail = await ctx.app.inject({ method: 'GET', url: file.thumbnailUrl! });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect(file.pageCount).toBe(documentType === 'PDF' ? 1 : null);
      if (documentType === 'PDF') {
        expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(480);
        expect((await ctx.app.inject({ method: 'GET', url: `${file.pagesUrl!}&page=1&width=960` })).statusCode).toBe(200);
      }
    }
  });

  it('refuses to seed a database that already has projects', async () => {
    await expect(seedDemo(openDataLayer(ctx.database), { scale: 0.01 })).rejects.toThrow(DemoRefusedError);
  });
});

describe('the demo installation', () => {
  it('is the same on every run (seeded)', async () => {
    const names = async () => {
      const { database, drop } = await openTestDatabase('sqlite');
      await seedDemo(openDataLayer(database), { scale: 0.02, now });
      const rows = await database.db.selectFrom('projects').select(['name', 'street', 'postalCode', 'katastral', 'progress', 'changedAt']).orderBy('id').execute();
      await database.close();
      await drop();
      return rows;
    };
    expect(await names()).toEqual(await names());
  });

  it('holds 4 offices, 20 architects, 2,000 customers, 5,000 projects and 100,000 messages at full scale', async () => {
    const { database, drop } = await openTestDatabase('sqlite');
    const full = await seedDemo(openDataLayer(database), { now });
    const count = async (table: 'teams' | 'projects' | 'chatMessages') =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const roles = await database.db.selectFrom('users').select(['role', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('role').orderBy('role').execute();
    expect({ teams: await count('teams'), projects: await count('projects'), messages: await count('chatMessages') }).toEqual({ teams: 4, projects: 5000, messages: 100_000 });
    expect(roles.map((row) => [row.role, Number(row.n)])).toEqual([['ARCHI', 20], ['CLIENT', 2000]]);
    expect(full.counts).toMatchObject({ teams: 4, architects: 20, customers: 2000, projects: 5000, messages: 100_000 });
    await database.close();
    await drop();
  });
});
