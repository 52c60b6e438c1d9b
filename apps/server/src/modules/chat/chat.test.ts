import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage, CreatedChat, LatestMessage } from '@bauakte/domain';
import { bearer, mailsDelivered, testDialects, type TestContext } from '../../test/test-app';
import { chatCalls, chatSetUp, type ChatSetup } from '../../test/chat-fixtures';

const outboxOf = (ctx: TestContext) => {
  const dir = path.join(ctx.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
};

describe.each(testDialects)('chat over REST on %s', (dialect) => {
  let setup: ChatSetup;
  let call: ReturnType<typeof chatCalls>;
  beforeAll(async () => {
    setup = await chatSetUp(dialect);
    call = chatCalls(setup);
  });
  afterAll(() => setup.ctx.close());

  it('lets architects write to their office\'s customers and clients to their architects, nobody else; an administrator takes part in no chat', async () => {
    const names = async (who: string) => (await call.partners(who)).json<Array<{ username: string }>>().map((p) => p.username);
    expect(await names('mara')).toEqual(['kunde', 'projektkunde']);
    expect(await names('tom')).toEqual(['kunde', 'projektkunde']);
    expect(await names('kunde')).toEqual(['mara', 'tom']);
    expect((await names('projektkunde')).sort()).toEqual(['fremd', 'mara', 'tom']);
    expect((await call.partners('chef')).statusCode).toBe(403);
    expect((await call.createChat('chef', 'kunde')).statusCode).toBe(403);
    for (const [who, other] of [['mara', 'fremdkunde'], ['kunde', 'fremd'], ['kunde', 'projektkunde'], ['mara', 'tom'], ['mara', 'mara'], ['mara', 'niemand']]) {
      const response = await call.createChat(who!, other!);
      expect(response.statusCode, `${who} → ${other}`).toBe(404);
    }
    expect((await call.conversations('fremdkunde')).json()).toEqual([]);
  });

  it('starts a chat, continues the pair\'s chat, and lists it with unread counts for the receiver', async () => {
    const first = await call.createChat('mara', 'kunde', 'Grüß Gott!\nBitte den Plan schicken.');
    expect(first.statusCode).toBe(201);
    const created = first.json<CreatedChat>();
    expect(created.participant).toMatchObject({ username: 'kunde', role: 'CLIENT' });
    expect(created.message).toMatchObject({ message: 'Grüß Gott!\nBitte den Plan schicken.', senderUsername: 'mara', receiverUsername: 'kunde', isRead: false });
    const again = (await call.createChat('kunde', 'mara', 'Kommt morgen.')).json<CreatedChat>();
    expect(again.chatId).toBe(created.chatId);

    const reply = await call.send('kunde', String(created.chatId), '  Danke!  ');
    expect(reply.statusCode).toBe(201);
    expect(reply.json<ChatMessage>().message).toBe('  Danke!  ');

    const [conversation] = (await call.conversations('kunde')).json<ChatConversation[]>();
    expect(conversation).toMatchObject({ chatId: created.chatId, participant: { username: 'mara' }, unreadCount: 1, lastMessage: { message: '  Danke!  ' } });
    expect(conversation!.messages.map((m) => m.senderUsername)).toEqual(['mara', 'kunde', 'kunde']);
    expect((await call.unread('mara')).json()).toEqual({ unread: 2 });
    const newest = (await call.newest('mara')).json<LatestMessage[]>();
    expect(newest.map((m) => m.message)).toEqual(['  Danke!  ', 'Kommt morgen.']);
    // 'Neusten Nachrichten' names the sender: the name beside the spec's senderUsername.
    expect(newest[0]).toMatchObject({ senderUsername: 'kunde', sender: { username: 'kunde', firstName: 'Kunde', lastName: 'Test' } });

    expect((await call.markRead('mara', created.chatId)).json()).toEqual({ marked: 2 });
    expect((await call.unread('mara')).json()).toEqual({ unread: 0 });
    expect((await call.conversations('mara')).json<ChatConversation[]>()[0]!.unreadCount).toBe(0);
    // Team-mates do not read each other's chats.
    expect((await call.conversations('tom')).json()).toEqual([]);
  });

  it('sends only in the caller\'s name, only into own chats, and refuses blank or overlong text', async () => {
    const { chatId } = (await call.createChat('tom', 'projektkunde')).json<CreatedChat>();
    expect((await call.send('tom', chatId, 'Hallo', 'mara')).statusCode).toBe(403);
    expect((await call.send('mara', chatId, 'Hallo')).statusCode).toBe(404);
    expect((await call.send('fremdkunde', chatId, 'Hallo')).statusCode).toBe(404);
    const blank = await call.send('tom', chatId, ' \n\t ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues).toEqual([{ path: 'body/message', message: 'Bitte geben Sie eine Nachricht ein.' }]);
    expect((await call.send('tom', chatId, 'x'.repeat(10_001))).json().issues[0].message).toBe('Die Nachricht darf höchstens 10.000 Zeichen lang sein.');
    expect((await call.conversations('projektkunde')).json<ChatConversation[]>()[0]!.messages).toHaveLength(1);
    expect((await call.conversations('mara', 'tom')).statusCode).toBe(404);
  });

  it('lets participating architects delete a chat, not its client and not outsiders', async () => {
    const { chatId } = (await call.createChat('projektkunde', 'fremd', 'Frage')).json<CreatedChat>();
    expect((await call.remove('projektkunde', chatId)).statusCode).toBe(403);
    expect((await call.remove('mara', chatId)).statusCode).toBe(404);
    expect((await call.remove('chef', chatId)).statusCode).toBe(404);
    expect((await call.remove('fremd', chatId)).statusCode).toBe(204);
    expect((await call.conversations('projektkunde')).json<ChatConversation[]>().map((c) => c.chatId)).not.toContain(chatId);
  });

  it('mails an absent receiver who wants chat mails once in 10 minutes, and never with chatNone', async () => {
    await mailsDelivered(setup.ctx);
    const before = outboxOf(setup.ctx).length;
    const { chatId } = (await call.createChat('tom', 'kunde', 'Erste')).json<CreatedChat>();
    await call.send('tom', chatId, 'Zweite');
    await mailsDelivered(setup.ctx);
    const mails = outboxOf(setup.ctx).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Neue Nachricht von Tom Test');
    expect(mails[0]).toContain(`/dashboardClient?chat=3D${chatId}`);
    expect(mails[0]).not.toContain('Zweite');

    await setup.ctx.app.inject({
      method: 'PUT',
      url: '/api/notificationSettings/tom',
      headers: bearer(setup.tokens.tom!),
      payload: { chatAll: false, chatNone: true, formAll: false, form50: false, form75: false, form95: false, form100: true, formNone: false },
    });
    await call.send('kunde', chatId, 'Antwort');
    await mailsDelivered(setup.ctx);
    expect(outboxOf(setup.ctx).slice(before)).toHaveLength(1);
  });

  it('holds the 10 minutes per receiver and sender: deleting and starting the chat again mails no more', async () => {
    await mailsDelivered(setup.ctx);
    const before = outboxOf(setup.ctx).length;
    for (const text of ['Erste Frage', 'Zweite Frage', 'Dritte Frage']) {
      const { chatId } = (await call.createChat('mara', 'projektkunde', text)).json<CreatedChat>();
      await mailsDelivered(setup.ctx);
      expect((await call.remove('mara', chatId)).statusCode).toBe(204);
    }
    const mails = outboxOf(setup.ctx).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: projektkunde@example.at');
    expect(mails[0]).toContain('Subject: Neue Nachricht von Mara Test');

    // Another sender to the same receiver is another pair, with a notice of its own.
    const other = (await call.createChat('fremd', 'projektkunde', 'Von Fremd')).json<CreatedChat>();
    await mailsDelivered(setup.ctx);
    expect(outboxOf(setup.ctx).slice(before).at(-1)).toContain('Subject: Neue Nachricht von Fremd Test');
    await call.remove('fremd', other.chatId);
  });
});

describe('chat when the mail server is down', () => {
  let setup: ChatSetup;
  beforeAll(async () => {
    setup = await chatSetUp('sqlite', { SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => setup.ctx.close());

  it('keeps and delivers the message; the failed notice is only logged', async () => {
    const call = chatCalls(setup);
    const created = await call.createChat('mara', 'kunde', 'Trotzdem da?');
    expect(created.statusCode).toBe(201);
    await mailsDelivered(setup.ctx);
    expect((await call.conversations('kunde')).json<ChatConversation[]>()[0]!.lastMessage.message).toBe('Trotzdem da?');
  });
});
