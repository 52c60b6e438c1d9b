import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedChat } from '@bauakte/domain';
import { bearer, testDialects } from '../../test/test-app';
import { chatCalls, chatSetUp, type ChatSetup } from '../../test/chat-fixtures';

/**
 * The order in which a route's declared access meets a request: the role, then the object, then
 * the body. What a caller learns depends on it: a wrong role always 403, an object they may not see
 * always 404 whatever the body holds, and only then is the body judged.
 */
describe.each(testDialects)('the order of role, object and body on %s', (dialect) => {
  let setup: ChatSetup;
  let call: ReturnType<typeof chatCalls>;
  let project: number;
  let chatId: number;

  const as = (who: string) => bearer(setup.tokens[who]!);
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    setup = await chatSetUp(dialect, { RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: '2' });
    call = chatCalls(setup);
    const created = await setup.ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Umbau Mara', assignedUser: 'kunde' } });
    project = created.json<{ id: number }>().id;
    chatId = (await call.createChat('kunde', 'mara')).json<CreatedChat>().chatId;
  });
  afterAll(() => setup.ctx.close());

  it('tells a caller of another role 403 before the body is read, even when it is no JSON', async () => {
    const response = await setup.ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: { ...as('kunde'), ...json }, payload: '{kein json' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('tells a caller who may not see the project 404, whatever the body holds', async () => {
    const invalid = await setup.ctx.app.inject({ method: 'POST', url: '/api/s3/deleteFile', headers: as('fremd'), payload: { projectId: project, s3Key: 42 } });
    expect(invalid.statusCode).toBe(404);
    const notJson = await setup.ctx.app.inject({ method: 'PUT', url: `/api/general/${project}`, headers: { ...as('fremd'), ...json }, payload: '{kein json' });
    expect(notJson.statusCode).toBe(404);
  });

  it('judges the body of a caller who may see the object: 400 with a German message', async () => {
    const notJson = await setup.ctx.app.inject({ method: 'PUT', url: `/api/general/${project}`, headers: { ...as('mara'), ...json }, payload: '{kein json' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ message: string }>().message).toMatch(/JSON/);
    const invalid = await setup.ctx.app.inject({ method: 'POST', url: '/api/s3/deleteFile', headers: as('mara'), payload: { projectId: project, s3Key: 42 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('judges a body that names no object at once: 400, not 404', async () => {
    const noProject = await setup.ctx.app.inject({ method: 'POST', url: '/api/s3/deleteFile', headers: as('fremd'), payload: { s3Key: 'Projekt/1/1' } });
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const noChat = await setup.ctx.app.inject({ method: 'POST', url: '/api/MessageManagment', headers: as('fremd'), payload: { message: 'Hallo', senderUsername: 'fremd', receiverUsername: 'mara', isRead: false } });
    expect(noChat.statusCode).toBe(400);
    expect(noChat.json<{ message: string }>().message).not.toBe('');
  });

  it('refuses a bad page before it looks up the project: 400 for everyone', async () => {
    for (const who of ['mara', 'fremd']) {
      const response = await setup.ctx.app.inject({ method: 'GET', url: `/api/s3/project/${project}?page=0`, headers: as(who) });
      expect(response.statusCode).toBe(400);
    }
  });

  it('charges no per-user budget for calls refused by the access check', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await call.send('fremd', chatId, 'Darf ich?')).statusCode).toBe(404);
    expect((await call.createChat('fremd', 'fremdkunde')).statusCode).toBe(201);
    expect((await call.send('mara', chatId, 'Gerne')).statusCode).toBe(201);
  });
});
