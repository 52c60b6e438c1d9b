import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, type Role } from '@bauakte/domain';
import type { AuthUser } from '../auth/sessions';
import { AppError } from '../errors';
import { createAccessPolicy, type AccessPolicy } from './access';
import { bearer, testDialects } from '../../test/test-app';
import { chatSetUp, type ChatSetup } from '../../test/chat-fixtures';
import { multipartBody } from '../../test/multipart';
import { samplePng } from '../../test/sample-files';

/**
 * The policy's tables asked directly, one permission at a time: what each caller gets for an
 * object — allowed, 403 (sees it, may not take the action) or 404 (may not see it). The routes
 * that use them are proven in access-matrix.test.ts.
 */
describe.each(testDialects)('the access policy on %s', (dialect) => {
  let setup: ChatSetup;
  let policy: AccessPolicy;
  const callers: Record<string, AuthUser> = {};
  let projectId: number;
  let pinId: number;

  const as = (who: string) => bearer(setup.tokens[who]!);

  /** What the decision tells the caller: the status of its refusal, or 'allowed'. */
  async function outcome(decision: Promise<unknown>): Promise<'allowed' | number> {
    try {
      await decision;
      return 'allowed';
    } catch (error) {
      if (error instanceof AppError) return error.statusCode;
      throw error;
    }
  }

  async function outcomes(ask: (caller: AuthUser) => Promise<unknown>): Promise<Record<string, 'allowed' | number>> {
    const seen: Record<string, 'allowed' | number> = {};
    for (const [name, caller] of Object.entries(callers)) seen[name] = await outcome(ask(caller));
    return seen;
  }

  beforeAll(async () => {
    setup = await chatSetUp(dialect);
    const { ctx } = setup;
    policy = createAccessPolicy(ctx.data.repos.access);
    const roles: Record<string, Role> = { chef: 'ADMIN', mara: 'ARCHI', tom: 'ARCHI', fremd: 'ARCHI', kunde: 'CLIENT', fremdkunde: 'CLIENT' };
    for (const [username, role] of Object.entries(roles)) {
      const row = await ctx.data.repos.users.findByUsername(username);
      callers[username] = { id: row!.id, username, role, roles: [role], sessionId: 'policy-test' };
    }
    const project = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Umbau', assignedUser: 'kunde' } });
    projectId = project.json<{ id: number }>().id;
    const { payload, headers } = await multipartBody([
      ['projectId', String(projectId)],
      ['fileName', 'Plan'],
      ['documentType', 'PNG'],
      ['file', { name: 'plan.png', bytes: await samplePng(40, 30) }],
    ]);
    const file = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload });
    const pin = await ctx.app.inject({
      method: 'POST',
      url: `/api/s3/project/${projectId}/files/${file.json<{ id: number }>().id}/pins`,
      headers: as('mara'),
      payload: { page: 1, x: 0.5, y: 0.5, comment: 'Riss' },
    });
    pinId = pin.json<{ id: number }>().id;
  });
  afterAll(() => setup.ctx.close());

  it("lets whoever reads a pin's project read the pin, and no one else", async () => {
    expect(await outcomes((caller) => policy.pin(caller, pinId, 'read'))).toEqual({
      chef: 404,
      mara: 'allowed',
      tom: 'allowed',
      fremd: 404,
      kunde: 'allowed',
      fremdkunde: 404,
    });
  });

  it('lets only its author edit a pin; who reads the project learns 403 with the reason', async () => {
    expect(await outcomes((caller) => policy.pin(caller, pinId, 'edit'))).toEqual({
      chef: 404,
      mara: 'allowed',
      tom: 403,
      fremd: 404,
      kunde: 403,
      fremdkunde: 404,
    });
    await expect(policy.pin(callers.tom!, pinId, 'edit')).rejects.toThrow(serverMessages.onlyOwnPin);
  });

  it("lets the responsible person and the project's architects set a pin's status, and only the architects assign it", async () => {
    const statusBefore = await outcomes((caller) => policy.pin(caller, pinId, 'status'));
    expect(statusBefore).toEqual({ chef: 404, mara: 'allowed', tom: 'allowed', fremd: 404, kunde: 403, fremdkunde: 404 });
    await expect(policy.pin(callers.kunde!, pinId, 'status')).rejects.toThrow(serverMessages.pinStatusNotYours);
    const pin = (await setup.ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/open-items`, headers: as('mara') })).json<Array<{ id: number; version: number }>>().find((each) => each.id === pinId)!;
    const assigned = await setup.ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pinId}/item`, headers: as('mara'), payload: { kind: 'MANGEL', responsible: 'kunde', dueDate: null, version: pin.version } });
    expect(assigned.statusCode).toBe(200);
    expect((await outcomes((caller) => policy.pin(caller, pinId, 'status'))).kunde).toBe('allowed');
    expect(await outcomes((caller) => policy.pin(caller, pinId, 'assign'))).toEqual({ chef: 404, mara: 'allowed', tom: 'allowed', fremd: 404, kunde: 403, fremdkunde: 404 });
  });

  it("lets the project's people read it and only its architects manage it", async () => {
    expect(await outcomes((caller) => policy.project(caller, projectId, 'read'))).toEqual({
      chef: 404,
      mara: 'allowed',
      tom: 'allowed',
      fremd: 404,
      kunde: 'allowed',
      fremdkunde: 404,
    });
    expect(await outcomes((caller) => policy.project(caller, projectId, 'manage'))).toEqual({
      chef: 404,
      mara: 'allowed',
      tom: 'allowed',
      fremd: 404,
      kunde: 403,
      fremdkunde: 404,
    });
  });

  it('keeps an account hidden from whoever may see it but not invite it again', async () => {
    // The administrator sees every account, but invites again only architects: a client stays unknown (404), not refused (403).
    expect(await outcomes((caller) => policy.account(caller, 'kunde', 'reinvite'))).toEqual({
      chef: 404,
      mara: 'allowed',
      tom: 'allowed',
      fremd: 404,
      kunde: 404,
      fremdkunde: 404,
    });
    expect(await outcomes((caller) => policy.account(caller, 'tom', 'reinvite'))).toMatchObject({ chef: 'allowed', mara: 404, tom: 404 });
  });

  it("lets the account's holder edit it all, and the customer's architects its details only", async () => {
    expect(await outcomes((caller) => policy.account(caller, 'kunde', 'edit'))).toEqual({
      chef: 403,
      mara: 403,
      tom: 403,
      fremd: 404,
      kunde: 'allowed',
      fremdkunde: 404,
    });
    expect(await outcomes((caller) => policy.account(caller, 'kunde', 'edit-details'))).toEqual({
      chef: 403,
      mara: 'allowed',
      tom: 'allowed',
      fremd: 404,
      kunde: 'allowed',
      fremdkunde: 404,
    });
  });

  it('lets both participants read a chat, and only the architect delete it', async () => {
    const created = await setup.ctx.app.inject({
      method: 'POST',
      url: '/api/MessageManagment/createChat',
      headers: as('mara'),
      payload: { message: 'Grüß Gott', senderUsername: 'mara', receiverUsername: 'kunde' },
    });
    const chatId = created.json<{ chatId: number }>().chatId;
    expect(await outcomes((caller) => policy.chat(caller, chatId, 'read'))).toEqual({
      chef: 404,
      mara: 'allowed',
      tom: 404,
      fremd: 404,
      kunde: 'allowed',
      fremdkunde: 404,
    });
    expect(await outcomes((caller) => policy.chat(caller, chatId, 'delete'))).toMatchObject({ mara: 'allowed', kunde: 403 });
  });
});
