import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pin, ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, mailsDelivered, testDialects, type TestContext } from '../../test/test-app';
import { startMailCatcher, type MailCatcher } from '../../test/mail-catcher';
import { planUploadBody } from '../../test/multipart';

const flags = { chatAll: true, chatNone: false, formAll: false, form50: false, form75: false, form95: false, form100: true, formNone: false };

/** 2026-11-09, 09:00 in Vienna (08:00 UTC): an item due on the 10th is due tomorrow. */
const morningBefore = Date.parse('2026-11-09T08:00:00Z');

describe.each(testDialects)('mails to whoever is responsible for an open item on %s', (dialect) => {
  let ctx: TestContext;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};
  const as = (who: string) => bearer(tokens[who]!);
  const settle = () => mailsDelivered(ctx);
  // Pins placed also tell the other side of the project about the plan; these are the items' own mails.
  const itemMails = () => mail.mails.filter((sent) => /zugewiesen|Morgen fällig/.test(sent.subject));
  let projectId: number;
  let plan: ProjectFile;

  const settings = (who: string, change: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/notificationSettings/${who}`, headers: as(who), payload: { ...flags, ...change } });

  async function place(who: string, comment = 'Riss links vom Fenster'): Promise<Pin> {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/s3/project/${projectId}/files/${plan.id}/pins`, headers: as(who), payload: { page: 1, x: 0.4, y: 0.6, comment } });
    expect(response.statusCode).toBe(201);
    return response.json<Pin>();
  }

  async function assign(who: string, pin: Pin, responsible: string | null, dueDate: string | null): Promise<Pin> {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/s3/pins/${pin.id}/item`,
      headers: as(who),
      payload: { kind: 'MANGEL', responsible, dueDate, version: pin.version },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Pin>();
  }

  async function setStatus(who: string, pin: Pin, status: string): Promise<Pin> {
    const response = await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}/status`, headers: as(who), payload: { status, version: pin.version } });
    expect(response.statusCode).toBe(200);
    return response.json<Pin>();
  }

  /** One round of the reminders at a moment of Vienna's calendar. */
  async function remindAt(at: number): Promise<number> {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    try {
      return await ctx.itemNotices.sendDueReminders();
    } finally {
      vi.useRealTimers();
    }
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext(dialect, { env: { ...generousBudgets, SMTP_URL: mail.url, PUBLIC_URL: 'https://bauakte.example.at' } });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at', firstName: 'Mara', lastName: 'Berger' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, email: 'kunde@example.at', firstName: 'Klara', lastName: 'Kundin' });
    for (const name of ['mara', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
  });
  // Each case in a project of its own: the 10 minutes between assignment mails are per project.
  beforeEach(async () => {
    projectId = (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Altbau', assignedUser: 'kunde' } })).json<{ id: number }>().id;
    const { payload, headers } = await planUploadBody({ projectId });
    plan = (await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload })).json<ProjectFile>();
    await settings('mara', {});
    await settings('kunde', {});
    await settle();
    mail.mails.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  it('mails the client made responsible by the architect, with the due date and a link to the item, but not its text', async () => {
    const pin = await place('mara');
    await assign('mara', pin, 'kunde', '2026-11-20');
    const notice = await mail.waitFor('kunde@example.at', /zugewiesen/);
    expect(notice.subject).toBe('Ihnen wurde ein offener Punkt zugewiesen: Altbau');
    expect(notice.text).toContain(`Mara Berger hat Sie im Projekt „Altbau“ für den Punkt ${pin.number} auf dem Plan „Grundriss EG“ als zuständig eingetragen.`);
    expect(notice.text).toContain('Fällig am 20.11.2026.');
    expect(notice.text).toContain(`https://bauakte.example.at/projectOverview?projectId=${projectId}&plan=${plan.id}&page=1&pin=${pin.id}`);
    expect(notice.text).not.toContain('Riss');
  });

  it('mails nobody who makes themselves responsible, nor again for a changed due date, and at most once in 10 minutes per project', async () => {
    const own = await place('mara');
    await assign('mara', own, 'mara', null);
    const first = await assign('mara', await place('mara'), 'kunde', null);
    await mail.waitFor('kunde@example.at', /zugewiesen/);
    await assign('mara', first, 'kunde', '2026-11-24');
    await assign('mara', await place('mara'), 'kunde', null);
    await settle();
    expect(itemMails().map((sent) => sent.to)).toEqual([['kunde@example.at']]);
  });

  it('follows the setting of the one made responsible', async () => {
    await settings('kunde', { chatAll: false, chatNone: true });
    await assign('mara', await place('kunde'), 'kunde', '2026-11-20');
    await settle();
    expect(itemMails()).toHaveLength(0);
  });

  it('reminds the responsible person once, the day before the due date from 7 a.m., of an item not yet done', async () => {
    const pin = await assign('mara', await place('mara', 'Fensterbank tauschen'), 'kunde', '2026-11-10');
    const done = await assign('mara', await place('mara'), 'kunde', '2026-11-10');
    await setStatus('kunde', done, 'ERLEDIGT');
    await assign('mara', await place('mara'), 'kunde', '2026-11-11');
    await settle();
    mail.mails.length = 0;

    expect(await remindAt(Date.parse('2026-11-09T05:30:00Z')), 'before 7 in Vienna').toBe(0);
    expect(await remindAt(morningBefore)).toBe(1);
    const reminder = await mail.waitFor('kunde@example.at', /Morgen fällig/);
    expect(reminder.subject).toBe('Morgen fällig: ein offener Punkt im Projekt Altbau');
    expect(reminder.text).toContain(`Der Punkt ${pin.number} auf dem Plan „Grundriss EG“ im Projekt „Altbau“ ist am 10.11.2026 fällig und noch nicht erledigt.`);
    expect(reminder.text).toContain(`&pin=${pin.id}`);
    // Later rounds, as after a restart, send it no more.
    expect(await remindAt(morningBefore + 3_600_000)).toBe(0);
    await settle();
    expect(itemMails()).toHaveLength(1);
  });

  it('reminds again of a new due date, and never of an item done meanwhile', async () => {
    const morningOf = (day: number) => Date.parse(`2026-11-${day}T08:00:00Z`);
    let pin = await assign('mara', await place('mara'), 'kunde', '2026-11-16');
    expect(await remindAt(morningOf(15))).toBe(1);
    pin = await assign('mara', pin, 'kunde', '2026-11-17');
    expect(await remindAt(morningOf(16))).toBe(1);
    const done = await setStatus('kunde', await assign('mara', await place('mara'), 'kunde', '2026-11-18'), 'ERLEDIGT');
    expect(done.status).toBe('ERLEDIGT');
    expect(await remindAt(morningOf(17))).toBe(0);
  });

  it('sends a reminder once when several rounds run at the same moment, as several instances do', async () => {
    await assign('mara', await place('mara'), 'kunde', '2026-11-22');
    const rounds = await Promise.all([0, 1, 2].map(() => remindAt(Date.parse('2026-11-21T08:00:00Z'))));
    expect(rounds.reduce((sum, sent) => sum + sent, 0)).toBe(1);
  });

  it('reminds of an item carried to the plan\'s next version once, on that version', async () => {
    await assign('mara', await place('mara'), 'kunde', '2026-11-27');
    const { payload, headers } = await planUploadBody({ projectId, replaces: plan.id });
    const second = (await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload })).json<ProjectFile>();
    const carried = await ctx.app.inject({ method: 'POST', url: `/api/s3/project/${projectId}/files/${second.id}/pins/carry-over`, headers: as('mara'), payload: {} });
    expect(carried.json<{ carried: Pin[] }>().carried).toHaveLength(1);
    expect(await remindAt(Date.parse('2026-11-26T08:00:00Z'))).toBe(1);
    const reminder = await mail.waitFor('kunde@example.at', /Morgen fällig/);
    expect(reminder.text).toContain(`&pin=${carried.json<{ carried: Pin[] }>().carried[0]!.id}`);
  });
});
