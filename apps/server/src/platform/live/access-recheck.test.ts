import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveDestinations, type CreatedChat, type Pin, type ProjectFile } from '@bauakte/domain';
import { buildApp, type BuiltApp } from '../../app';
import { multipartBody } from '../../test/multipart';
import { samplePng } from '../../test/sample-files';
import { connectStomp, type TestStomp } from '../../test/stomp-client';
import { bearer, createTestContext, generousBudgets, testDialects, testJwtSecret, type TestContext } from '../../test/test-app';

type Subscribed = ReturnType<TestStomp['subscribe']>;

/**
 * The world of one test: changes are made over REST on `rest`, live connections are open on `liveUrl`
 * (the same instance, or another one on the same database).
 */
function liveAccessCases(world: () => { ctx: TestContext; rest: BuiltApp['app']; liveUrl: string }) {
  const open: TestStomp[] = [];
  const tokens: Record<string, string> = {};
  let office = 0;

  afterEach(async () => {
    await Promise.all(open.splice(0).map((stomp) => stomp.close()));
  });

  const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    world().rest.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

  async function person(username: string, role: 'ADMIN' | 'ARCHI' | 'CLIENT', createdById?: number): Promise<number> {
    const { ctx } = world();
    const id = await ctx.createUser({ username, password: `${username}-passwort`, role, email: `${username}@example.at`, firstName: username, lastName: 'Test', ...(createdById ? { createdById } : {}) });
    tokens[username] = await ctx.login(username, `${username}-passwort`);
    return id;
  }

  /** An office of its own per test: the administrator, two architects in one team and a customer of the first. */
  async function newOffice() {
    office += 1;
    const names = { chef: `chef${office}`, anna: `anna${office}`, ben: `ben${office}`, kunde: `kunde${office}`, team: `Wien ${office}` };
    await person(names.chef, 'ADMIN');
    const anna = await person(names.anna, 'ARCHI');
    await person(names.ben, 'ARCHI');
    await person(names.kunde, 'CLIENT', anna);
    expect((await call(names.chef, 'POST', '/api/team/create', { name: names.team })).statusCode).toBe(201);
    for (const member of [names.anna, names.ben]) {
      expect((await call(names.chef, 'POST', `/api/team/addMembers?teamName=${encodeURIComponent(names.team)}`, { username: member })).statusCode).toBe(200);
    }
    return names;
  }

  async function project(who: string, name: string, assignedUser = ''): Promise<number> {
    const created = await call(who, 'POST', '/api/ProjectManagment', { name, assignedUser });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: number }>().id;
  }

  async function upload(who: string, projectId: number): Promise<ProjectFile> {
    const { payload, headers } = await multipartBody([
      ['projectId', String(projectId)],
      ['fileName', 'Grundriss EG'],
      ['documentType', 'PNG'],
      ['file', { name: 'plan.png', bytes: await samplePng(60, 40) }],
    ]);
    const response = await world().rest.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens[who]!) }, payload });
    expect(response.statusCode).toBe(201);
    return response.json<ProjectFile>();
  }

  async function pin(who: string, projectId: number, fileId: number): Promise<Pin> {
    const placed = await call(who, 'POST', `/api/s3/project/${projectId}/files/${fileId}/pins`, { page: 1, x: 0.5, y: 0.5, comment: 'Riss' });
    expect(placed.statusCode).toBe(201);
    return placed.json<Pin>();
  }

  async function live(who: string): Promise<TestStomp> {
    const stomp = connectStomp(world().liveUrl, tokens[who]!);
    open.push(stomp);
    await stomp.connected;
    return stomp;
  }

  /** Subscribed, the server's RECEIPT awaited. */
  async function subscribed(stomp: TestStomp, destination: string): Promise<Subscribed> {
    const subscription = stomp.subscribe(destination);
    await subscription.ready;
    return subscription;
  }

  /** The ERROR frame that ended the connection, once it has closed. */
  async function ending(stomp: TestStomp): Promise<Record<string, string>> {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the connection was not ended within 5 s')), 5_000));
    await Promise.race([stomp.closed, timeout]);
    return stomp.errors[0]?.headers ?? {};
  }

  it('ends an architect\'s subscriptions to the team\'s projects as they leave the team, while a team-mate keeps receiving', async () => {
    const o = await newOffice();
    const teamProject = await project(o.ben, 'Dachausbau');
    const own = await project(o.anna, 'Eigenes Projekt');
    const anna = await live(o.anna);
    const annaFiles = await subscribed(anna, liveDestinations.projectFiles(teamProject));
    const annaPins = await subscribed(anna, liveDestinations.projectPins(teamProject));
    const annaOwn = await live(o.anna);
    const ownFiles = await subscribed(annaOwn, liveDestinations.projectFiles(own));
    const ben = await live(o.ben);
    const benFiles = await subscribed(ben, liveDestinations.projectFiles(teamProject));
    const benPins = await subscribed(ben, liveDestinations.projectPins(teamProject));

    expect((await call(o.chef, 'DELETE', `/api/team/remove?teamName=${encodeURIComponent(o.team)}&username=${o.anna}`)).statusCode).toBe(204);
    // Right after the removal, before anything else: what the team does next is no longer hers.
    const plan = await upload(o.ben, teamProject);
    const placed = await pin(o.ben, teamProject, plan.id);
    expect(await benFiles.next((body) => (body as { fileId: number }).fileId === plan.id)).toMatchObject({ fileId: plan.id });
    expect(await benPins.next((body) => (body as { pinId: number }).pinId === placed.id)).toEqual({ fileId: plan.id, pinId: placed.id });

    const refusal = await ending(anna);
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', message: 'Nicht gefunden.' });
    expect([liveDestinations.projectFiles(teamProject), liveDestinations.projectPins(teamProject)]).toContain(refusal.destination);
    expect([...annaFiles.messages, ...annaPins.messages]).toEqual([]);
    expect((await call(o.anna, 'GET', `/api/DashboardClient/project/${teamProject}`)).statusCode).toBe(404);
    // Her own project stays hers, live too.
    const ownPlan = await upload(o.anna, own);
    expect(await ownFiles.next()).toMatchObject({ fileId: ownPlan.id });
  });

  it('ends the subscriptions of an architect moved to another team', async () => {
    const o = await newOffice();
    const teamProject = await project(o.ben, 'Zubau');
    expect((await call(o.chef, 'POST', '/api/team/create', { name: `${o.team} Graz` })).statusCode).toBe(201);
    const anna = await live(o.anna);
    const annaFiles = await subscribed(anna, liveDestinations.projectFiles(teamProject));
    const ben = await live(o.ben);
    const benFiles = await subscribed(ben, liveDestinations.projectFiles(teamProject));

    expect((await call(o.chef, 'DELETE', `/api/team/remove?teamName=${encodeURIComponent(o.team)}&username=${o.anna}`)).statusCode).toBe(204);
    expect((await call(o.chef, 'POST', `/api/team/addMembers?teamName=${encodeURIComponent(`${o.team} Graz`)}`, { username: o.anna })).statusCode).toBe(200);
    const plan = await upload(o.ben, teamProject);
    expect(await benFiles.next()).toMatchObject({ fileId: plan.id });
    expect(await ending(anna)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.projectFiles(teamProject) });
    expect(annaFiles.messages).toEqual([]);
  });

  it('ends every subscription to a deleted project, its team\'s and its client\'s, and no other', async () => {
    const o = await newOffice();
    const doomed = await project(o.anna, 'Abriss', o.kunde);
    const kept = await project(o.anna, 'Bleibt');
    const ben = await live(o.ben);
    const benPins = await subscribed(ben, liveDestinations.projectPins(doomed));
    const kunde = await live(o.kunde);
    await subscribed(kunde, liveDestinations.projectFiles(doomed));
    const anna = await live(o.anna);
    const annaKept = await subscribed(anna, liveDestinations.projectFiles(kept));

    expect((await call(o.anna, 'DELETE', `/api/ProjectManagment/project/${doomed}`)).statusCode).toBe(204);
    expect(await ending(ben)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.projectPins(doomed) });
    expect(await ending(kunde)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.projectFiles(doomed) });
    expect(benPins.messages).toEqual([]);
    const plan = await upload(o.anna, kept);
    expect(await annaKept.next()).toMatchObject({ fileId: plan.id });
  });

  it('ends a deleted customer\'s subscriptions at once, and the architect\'s to their chat, while the project stays live for the team', async () => {
    const o = await newOffice();
    const projectId = await project(o.anna, 'Kundenhaus', o.kunde);
    const chat = (await call(o.anna, 'POST', '/api/MessageManagment/createChat', { message: 'Grüß Gott!', senderUsername: o.anna, receiverUsername: o.kunde })).json<CreatedChat>();
    const kunde = await live(o.kunde);
    const kundeFiles = await subscribed(kunde, liveDestinations.projectFiles(projectId));
    const annaChat = await live(o.anna);
    await subscribed(annaChat, liveDestinations.chat(chat.chatId));
    const ben = await live(o.ben);
    const benFiles = await subscribed(ben, liveDestinations.projectFiles(projectId));

    expect((await call(o.anna, 'DELETE', `/api/profil/${o.kunde}`)).statusCode).toBe(204);
    const plan = await upload(o.anna, projectId);
    expect(await benFiles.next()).toMatchObject({ fileId: plan.id });
    expect(await ending(kunde)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.projectFiles(projectId) });
    expect(kundeFiles.messages).toEqual([]);
    expect(await ending(annaChat)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.chat(chat.chatId) });
  });

  it('ends a team-mate\'s subscriptions to the projects of an architect who deleted their account', async () => {
    const o = await newOffice();
    const bensProject = await project(o.ben, 'Von Ben');
    const annasProject = await project(o.anna, 'Von Anna');
    const anna = await live(o.anna);
    await subscribed(anna, liveDestinations.projectFiles(bensProject));
    const annaOwn = await live(o.anna);
    const ownFiles = await subscribed(annaOwn, liveDestinations.projectFiles(annasProject));

    expect((await call(o.ben, 'DELETE', `/api/profil/${o.ben}`)).statusCode).toBe(204);
    expect(await ending(anna)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.projectFiles(bensProject) });
    const plan = await upload(o.anna, annasProject);
    expect(await ownFiles.next()).toMatchObject({ fileId: plan.id });
  });
}

describe.each(testDialects)('live subscriptions follow changes of access on %s', (dialect) => {
  let ctx: TestContext;
  let url: string;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: generousBudgets });
    url = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.close());

  liveAccessCases(() => ({ ctx, rest: ctx.app, liveUrl: url }));
});

describe.runIf(testDialects.includes('postgres'))('live subscriptions follow changes of access made on another instance', () => {
  let ctx: TestContext;
  let second: BuiltApp;
  let url: string;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', { env: generousBudgets });
    second = await buildApp({ config: ctx.config, database: ctx.database, jwtSecret: testJwtSecret, logger: false, store: ctx.objectStore });
    url = await second.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await second.app.close();
    await ctx.close();
  });

  // Changes (and uploads) on the first instance, live connections on the second.
  liveAccessCases(() => ({ ctx, rest: ctx.app, liveUrl: url }));
});
