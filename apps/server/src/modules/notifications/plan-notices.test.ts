import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, mailsDelivered, testDialects, type TestContext } from '../../test/test-app';
import { startMailCatcher, type MailCatcher } from '../../test/mail-catcher';
import { planUploadBody } from '../../test/multipart';

const flags = { chatAll: true, chatNone: false, formAll: false, form50: false, form75: false, form95: false, form100: true, formNone: false };

describe.each(testDialects)('mails about new pins and plan versions on %s', (dialect) => {
  let ctx: TestContext;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};
  const as = (who: string) => bearer(tokens[who]!);
  // Notices go out after the answer: wait for that work and the mails it queued (the catcher has
  // a mail before the server hears that it was taken).
  const settle = () => mailsDelivered(ctx);

  const newProject = async (name: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name, assignedUser: 'kunde' } })).json<{ id: number }>().id;
  const settings = (who: string, change: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/notificationSettings/${who}`, headers: as(who), payload: { ...flags, ...change } });

  async function upload(who: string, projectId: number, replaces?: number): Promise<ProjectFile> {
    const { payload, headers } = await planUploadBody({ projectId, replaces });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as(who) }, payload });
    expect(response.statusCode).toBe(201);
    return response.json<ProjectFile>();
  }

  async function place(who: string, projectId: number, fileId: number, comment = 'Hier fehlt die Tür zum Abstellraum') {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/s3/project/${projectId}/files/${fileId}/pins`, headers: as(who), payload: { page: 1, x: 0.5, y: 0.5, comment } });
    expect(response.statusCode).toBe(201);
  }

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext(dialect, { env: { ...generousBudgets, SMTP_URL: mail.url, PUBLIC_URL: 'https://bauakte.example.at' } });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at', firstName: 'Mara', lastName: 'Berger' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, email: 'kunde@example.at', firstName: 'Klara', lastName: 'Kundin' });
    for (const name of ['mara', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
  });
  beforeEach(async () => {
    await settings('mara', {});
    await settings('kunde', {});
    await settle();
    mail.mails.length = 0;
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  it("mails the architect about the client's pin, naming who, where and the project, but not the comment", async () => {
    const projectId = await newProject('Altbau');
    const plan = await upload('mara', projectId);
    await place('kunde', projectId, plan.id);
    const notice = await mail.waitFor('mara@example.at');
    expect(notice.subject).toBe('Neues zu den Plänen: Altbau');
    expect(notice.text).toContain('Guten Tag Mara Berger,');
    expect(notice.text).toContain('Klara Kundin hat im Projekt „Altbau“ auf dem Plan „Grundriss EG“ die Markierung 1 gesetzt.');
    // The link opens the plan in the viewer, on the pin's page.
    expect(notice.text).toContain(`https://bauakte.example.at/projectOverview?projectId=${projectId}&plan=${plan.id}&page=1`);
    expect(notice.text).not.toContain('Abstellraum');
    await settle();
    // The first upload of a plan, and the architect's own pin, do not mail the architect.
    expect(mail.mails.map((sent) => sent.to)).toEqual([['mara@example.at']]);
  });

  it("mails the client about the architect's new version; a first upload is no notice", async () => {
    const projectId = await newProject('Neubau');
    const plan = await upload('kunde', projectId);
    await settle();
    expect(mail.mails).toHaveLength(0);
    const second = await upload('mara', projectId, plan.id);
    const notice = await mail.waitFor('kunde@example.at');
    expect(notice.text).toContain(`/projectOverview?projectId=${projectId}&plan=${second.id}&page=1`);
    expect(notice.subject).toBe('Neues zu den Plänen: Neubau');
    expect(notice.text).toContain('Mara Berger hat im Projekt „Neubau“ die Version 2 des Plans „Grundriss EG“ hochgeladen.');
    expect(notice.text).toContain('frühestens in 10 Minuten');
  });

  it('sends one mail per project and recipient in 10 minutes, however many pins come at once', async () => {
    const projectId = await newProject('Dachausbau');
    const plan = await upload('mara', projectId);
    await Promise.all(Array.from({ length: 12 }, (_, index) => place('kunde', projectId, plan.id, `Punkt ${index + 1}`)));
    await upload('kunde', projectId, plan.id);
    await settle();
    expect(mail.mails.map((sent) => sent.to)).toEqual([['mara@example.at']]);
    // Another project is another notice.
    const other = await newProject('Garage');
    const otherPlan = await upload('mara', other);
    await place('kunde', other, otherPlan.id);
    await settle();
    expect(mail.mails.map((sent) => sent.subject)).toEqual(['Neues zu den Plänen: Dachausbau', 'Neues zu den Plänen: Garage']);
  });

  it("follows the recipient's setting for messages: 'chatNone' turns the notices off", async () => {
    await settings('mara', { chatAll: false, chatNone: true });
    const projectId = await newProject('Keller');
    const plan = await upload('mara', projectId);
    await place('kunde', projectId, plan.id);
    await upload('kunde', projectId, plan.id);
    await settle();
    expect(mail.mails).toHaveLength(0);
  });
});
