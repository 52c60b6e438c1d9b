import { bearer, createTestContext, type TestContext } from './test-app';

export interface ChatSetup {
  ctx: TestContext;
  tokens: Record<string, string>;
}

/**
 * Mara and Tom share the team Wien; Kunde is Mara's customer, Projektkunde got a project from Tom
 * without being his customer; Fremd is an architect of another office with his own customer.
 */
export async function chatSetUp(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}): Promise<ChatSetup> {
  const ctx = await createTestContext(dialect, { env });
  const user = (username: string, role: 'ADMIN' | 'ARCHI' | 'CLIENT', extra: { createdById?: number } = {}) =>
    ctx.createUser({ username, password: `${username}-passwort`, role, email: `${username}@example.at`, firstName: username[0]!.toUpperCase() + username.slice(1), lastName: 'Test', ...extra });
  await user('chef', 'ADMIN');
  const mara = await user('mara', 'ARCHI');
  const tom = await user('tom', 'ARCHI');
  const fremd = await user('fremd', 'ARCHI');
  await user('kunde', 'CLIENT', { createdById: mara });
  await user('fremdkunde', 'CLIENT', { createdById: fremd });
  const projektkunde = await user('projektkunde', 'CLIENT', { createdById: fremd });
  const now = new Date().toISOString();
  const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
  await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: mara, addedAt: now }, { teamId: team.id, userId: tom, addedAt: now }]).execute();
  await ctx.database.db.insertInto('projects').values({ name: 'Dachausbau', createdById: tom, assignedUserId: projektkunde, createdAt: now, updatedAt: now, changedAt: now }).execute();
  const tokens: Record<string, string> = {};
  for (const name of ['chef', 'mara', 'tom', 'fremd', 'kunde', 'fremdkunde', 'projektkunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
  return { ctx, tokens };
}

export function chatCalls(setup: ChatSetup) {
  const { ctx, tokens } = setup;
  return {
    createChat: (who: string, receiverUsername: string, message = 'Grüß Gott!') =>
      ctx.app.inject({ method: 'POST', url: '/api/MessageManagment/createChat', headers: bearer(tokens[who]!), payload: { message, senderUsername: who, receiverUsername } }),
    send: (who: string, chatId: number | string, message: string, senderUsername = who) =>
      ctx.app.inject({ method: 'POST', url: '/api/MessageManagment', headers: bearer(tokens[who]!), payload: { message, senderUsername, receiverUsername: 'egal', chatId, isRead: false } }),
    conversations: (who: string, username = who) => ctx.app.inject({ method: 'GET', url: `/api/MessageManagment/receiver/${username}`, headers: bearer(tokens[who]!) }),
    newest: (who: string) => ctx.app.inject({ method: 'GET', url: `/api/MessageManagment/newChat/${who}`, headers: bearer(tokens[who]!) }),
    partners: (who: string) => ctx.app.inject({ method: 'GET', url: '/api/MessageManagment/partners', headers: bearer(tokens[who]!) }),
    unread: (who: string) => ctx.app.inject({ method: 'GET', url: '/api/MessageManagment/unread', headers: bearer(tokens[who]!) }),
    markRead: (who: string, chatId: number) => ctx.app.inject({ method: 'PUT', url: `/api/MessageManagment/${chatId}/read`, headers: bearer(tokens[who]!) }),
    remove: (who: string, chatId: number) => ctx.app.inject({ method: 'DELETE', url: `/api/MessageManagment/${chatId}`, headers: bearer(tokens[who]!) }),
  };
}
