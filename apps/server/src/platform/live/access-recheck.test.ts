import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveDestinations, type CreatedChat, type Pin, type ProjectFile } from '@bauakte/domain';
import { buildApp, type BuiltApp } from '../../app';
import { createAccessRecheck, maxHeldMessages } from './access-recheck';
import { multipartBody } from '../../test/multipart';
import { samplePng } from '../../test/sample-files';
import { connectStomp, type TestStomp } from '../../test/stomp-client';
import { channelOf } from '../fanout/fanout';
import { bearer, createTestContext, generousBudgets, testDialects, testJwtSecret, type TestContext } from '../../test/test-app';

type Subscribed = ReturnType<TestStomp['subscribe']>;

describe('messages of a subscription while its access is checked again', () => {
  /** Checks the test answers, allow() or refuse(), each taken once in the order they were asked. */
  function pendingChecks() {
    type Check = { allow(): void; refuse(): void };
    const asked = new Map<string, Check[]>();
    const waiting = new Map<string, (check: Check) => void>();
    const authorize = (subscription: { name: string }) =>
      new Promise<void>((resolve, reject) => {
        const check = { allow: () => resolve(), refuse: () => reject(new Error('refused')) };
        const waiter = waiting.get(subscription.name);
        waiting.delete(subscription.name);
        if (waiter) return waiter(check);
        asked.set(subscription.name, [...(asked.get(subscription.name) ?? []), check]);
      });
    /** The subscription's next check, once it has been asked. */
    const checking = (name: string) =>
      new Promise<Check>((resolve) => {
        const next = asked.get(name)?.shift();
        if (next) return resolve(next);
        waiting.set(name, resolve);
      });
    return { authorize, checking };
  }

  function subject() {
    const checks = pendingChecks();
    const sent: string[] = [];
    const ended: string[] = [];
    const overflowed: string[] = [];
    const recheck = createAccessRecheck<{ name: string }>({
      authorize: checks.authorize,
      refused: (subscription) => ended.push(subscription.name),
      overflowed: (subscription) => overflowed.push(subscription.name),
      failed: (error) => {
        throw error;
      },
    });
    return { recheck, checking: checks.checking, sent, ended, overflowed, deliver: (subscription: { name: string }, text: string) => recheck.deliver(subscription, () => sent.push(text)) };
  }

  it('keeps messages back until the check allows them, then sends them in order', async () => {
    const { recheck, checking, sent, deliver } = subject();
    const files = { name: 'files' };
    recheck.recheck([files]);
    deliver(files, 'eins');
    deliver(files, 'zwei');
    expect(sent).toEqual([]);
    (await checking('files')).allow();
    await expect.poll(() => sent).toEqual(['eins', 'zwei']);
    deliver(files, 'drei');
    expect(sent).toEqual(['eins', 'zwei', 'drei']);
  });

  it('drops what it kept back when the check refuses, and ends the subscription', async () => {
    const { recheck, checking, sent, ended, deliver } = subject();
    const pins = { name: 'pins' };
    recheck.recheck([pins]);
    deliver(pins, 'nach der Änderung');
    (await checking('pins')).refuse();
    await expect.poll(() => ended).toEqual(['pins']);
    expect(sent).toEqual([]);
  });

  it('lets only the check after the latest change decide', async () => {
    const { recheck, checking, sent, ended, deliver } = subject();
    const files = { name: 'files' };
    recheck.recheck([files]);
    const first = await checking('files');
    recheck.recheck([files]);
    deliver(files, 'dazwischen');
    first.refuse();
    const second = await checking('files');
    expect(ended).toEqual([]);
    second.allow();
    await expect.poll(() => sent).toEqual(['dazwischen']);
  });

  it('keeps no more than maxHeldMessages back', async () => {
    const { recheck, sent, overflowed, deliver } = subject();
    const chat = { name: 'chat' };
    recheck.recheck([chat]);
    for (let index = 0; index <= maxHeldMessages; index += 1) deliver(chat, String(index));
    expect(overflowed).toEqual(['chat']);
    expect(sent).toEqual([]);
  });
});

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

  /** The ERROR frame that ended the connection, once it has closed (a connection left open fails by the test's timeout). */
  async function ending(stomp: TestStomp): Promise<Record<string, string>> {
    await stomp.closed;
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
    // Deleting the account also ends its sessions: whichever check comes first ends the connection.
    const kundeEnding = await ending(kunde);
    const byAccessCheck = { code: 'NOT_FOUND', destination: liveDestinations.projectFiles(projectId) };
    expect(kundeEnding).toMatchObject(kundeEnding.code === 'UNAUTHENTICATED' ? { code: 'UNAUTHENTICATED' } : byAccessCheck);
    expect(kundeFiles.messages).toEqual([]);
    expect(await ending(annaChat)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.chat(chat.chatId) });
  });

  it('ends the subscriptions to a deleted chat, the other participant\'s too', async () => {
    const o = await newOffice();
    const chat = (await call(o.anna, 'POST', '/api/MessageManagment/createChat', { message: 'Grüß Gott!', senderUsername: o.anna, receiverUsername: o.kunde })).json<CreatedChat>();
    const kunde = await live(o.kunde);
    await subscribed(kunde, liveDestinations.chat(chat.chatId));
    await subscribed(kunde, '/user/queue/messages');
    const kundeOwn = await live(o.kunde);
    const ownQueue = await subscribed(kundeOwn, '/user/queue/messages');

    expect((await call(o.anna, 'DELETE', `/api/MessageManagment/${chat.chatId}`)).statusCode).toBe(204);
    expect(await ending(kunde)).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.chat(chat.chatId) });
    // The queue of her other connection, not concerned by the deletion, stays.
    const next = (await call(o.anna, 'POST', '/api/MessageManagment/createChat', { message: 'Neu', senderUsername: o.anna, receiverUsername: o.kunde })).json<CreatedChat>();
    expect(await ownQueue.next((body) => (body as { chatId: number }).chatId === next.chatId)).toMatchObject({ message: 'Neu' });
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

describe.runIf(testDialects.includes('postgres'))('live subscriptions after a gap in the fan-out', () => {
  let ctx: TestContext;
  let url: string;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', { env: generousBudgets });
    url = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.close());

  it('checks every subscription again once the LISTEN connection is back, since a change may have been missed', async () => {
    const password = (name: string) => `${name}-passwort`;
    const anna = await ctx.createUser({ username: 'anna', password: password('anna'), role: 'ARCHI' });
    const ben = await ctx.createUser({ username: 'ben', password: password('ben'), role: 'ARCHI' });
    const now = new Date().toISOString();
    const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: anna, addedAt: now }, { teamId: team.id, userId: ben, addedAt: now }]).execute();
    const project = await ctx.database.db.insertInto('projects').values({ name: 'Dachausbau', createdById: ben, createdAt: now, updatedAt: now, changedAt: now }).returning('id').executeTakeFirstOrThrow();
    const stomp = connectStomp(url, await ctx.login('anna', password('anna')));
    try {
      await stomp.connected;
      await stomp.subscribe(liveDestinations.projectFiles(project.id)).ready;
      // A change no instance hears of: made in the database, no notice sent.
      await ctx.database.db.deleteFrom('teamMembers').where('userId', '=', anna).execute();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      admin.on('error', () => undefined);
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [channelOf(ctx.database.postgres?.schema)]);
      } finally {
        await admin.end();
      }
      await stomp.closed;
      expect(stomp.errors[0]?.headers).toMatchObject({ code: 'NOT_FOUND', destination: liveDestinations.projectFiles(project.id) });
    } finally {
      await stomp.close();
    }
  });
});
