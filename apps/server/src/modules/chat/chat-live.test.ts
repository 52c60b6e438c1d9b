import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fieldTexts, serverMessages, type ChatMessage, type CreatedChat } from '@bauakte/domain';
import { buildApp, type BuiltApp } from '../../app';
import { connectStomp, type TestStomp } from '../../test/stomp-client';
import { bearer, testDialects, testJwtSecret } from '../../test/test-app';
import { chatCalls, chatSetUp, type ChatSetup as Setup } from '../../test/chat-fixtures';

/** Frames as a raw WebSocket sees them, for what a library client would never send. */
async function rawExchange(url: string, frames: string[]): Promise<string[]> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const received: string[] = [];
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  socket.on('message', (data) => received.push(String(data)));
  for (const frame of frames) socket.send(frame);
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return received;
}

/** A frame's command, headers (STOMP-unescaped) and body. */
function readFrame(text: string): { command: string; headers: Record<string, string>; body: string } {
  const split = text.indexOf('\n\n');
  const [command, ...lines] = text.slice(0, split).split('\n');
  const unescape = (value: string) => value.replace(/\\(.)/g, (_, c: string) => ({ c: ':', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);
  const headers = Object.fromEntries(lines.map((line) => [unescape(line.slice(0, line.indexOf(':'))), unescape(line.slice(line.indexOf(':') + 1))]));
  return { command: command!, headers, body: text.slice(split + 2).replace(/\u0000$/, '') };
}

describe.each(testDialects)('live chat over STOMP on %s', (dialect) => {
  let setup: Setup;
  let call: ReturnType<typeof chatCalls>;
  let url: string;
  const open: TestStomp[] = [];
  const connect = async (who: string | null) => {
    const stomp = connectStomp(url, who === null ? 'kein-token' : setup.tokens[who]!);
    open.push(stomp);
    if (who !== null) await stomp.connected;
    return stomp;
  };

  beforeAll(async () => {
    setup = await chatSetUp(dialect);
    call = chatCalls(setup);
    url = await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((stomp) => stomp.close()));
  });
  afterAll(() => setup.ctx.close());

  it('refuses a CONNECT without a valid token with an ERROR frame and closes', async () => {
    const stranger = await connect(null);
    await expect(stranger.connected).rejects.toThrow('Nicht angemeldet oder Sitzung abgelaufen.');
    await stranger.closed;
  });

  it('shows each user only the online people they may chat with', async () => {
    const kunde = await connect('kunde');
    const seen = kunde.subscribe('/topic/activeUsers');
    expect(await seen.next()).toEqual(['kunde']);
    const mara = await connect('mara');
    expect(await seen.next((list) => (list as string[]).includes('mara'))).toEqual(['kunde', 'mara']);
    const fremd = await connect('fremd');
    const fremdSees = fremd.subscribe('/topic/activeUsers');
    expect(await fremdSees.next()).toEqual(['fremd']);
    await mara.close();
    expect(await seen.next((list) => !(list as string[]).includes('mara'))).toEqual(['kunde']);
    expect(seen.messages.flat()).not.toContain('fremd');
  });

  it('delivers a REST message live to both participants, and a live SEND is stored like REST', async () => {
    const kunde = await connect('kunde');
    const mara = await connect('mara');
    const kundeQueue = kunde.subscribe('/user/queue/messages');
    const maraQueue = mara.subscribe('/user/queue/messages');
    await Promise.all([kundeQueue.ready, maraQueue.ready]);
    const created = (await call.createChat('mara', 'kunde', 'Live?')).json<CreatedChat>();
    expect(await kundeQueue.next()).toMatchObject({ chatId: created.chatId, message: 'Live?', senderUsername: 'mara' });
    expect(await maraQueue.next()).toMatchObject({ id: created.message.id });

    const maraTopic = mara.subscribe(`/topic/chat/${created.chatId}`);
    await maraTopic.ready;
    kunde.publish(`/app/chat/${created.chatId}`, { message: 'Ja, live.\nZweite Zeile', senderUsername: 'kunde', receiverUsername: 'mara', chatId: created.chatId, isRead: false });
    const delivered = (await maraTopic.next()) as ChatMessage;
    expect(delivered).toMatchObject({ message: 'Ja, live.\nZweite Zeile', senderUsername: 'kunde', receiverUsername: 'mara', isRead: false });
    const stored = await call.conversations('mara');
    expect(stored.json<Array<{ messages: ChatMessage[] }>>()[0]!.messages.at(-1)!.id).toBe(delivered.id);
  });

  it('answers a non-participant\'s SUBSCRIBE and a SEND in another name with ERROR and closes', async () => {
    const { chatId } = (await call.createChat('tom', 'projektkunde', 'Nur für uns')).json<CreatedChat>();
    const fremdkunde = await connect('fremdkunde');
    fremdkunde.subscribe(`/topic/chat/${chatId}`);
    await fremdkunde.closed;
    expect(fremdkunde.errors[0]?.headers.message).toBe('Nicht gefunden.');

    const projektkunde = await connect('projektkunde');
    projektkunde.publish(`/app/chat/${chatId}`, { message: 'Gefälscht', senderUsername: 'tom', receiverUsername: 'tom', chatId });
    await projektkunde.closed;
    expect(projektkunde.errors[0]?.headers.message).toBe('Sie können Nachrichten nur in Ihrem eigenen Namen senden.');
    const blank = await connect('projektkunde');
    blank.publish(`/app/chat/${chatId}`, { message: '   ', senderUsername: 'projektkunde', receiverUsername: 'tom', chatId });
    await blank.closed;
    expect(blank.errors[0]?.headers).toMatchObject({ message: 'Die Eingaben sind ungültig.', code: 'VALIDATION_FAILED' });
    expect(JSON.parse(blank.errors[0]!.body)).toMatchObject({ issues: [{ path: 'body/message', message: 'Bitte geben Sie eine Nachricht ein.' }] });
    const messages = (await call.conversations('tom')).json<Array<{ chatId: number; messages: ChatMessage[] }>>().find((c) => c.chatId === chatId)!.messages;
    expect(messages.map((m) => m.message)).toEqual(['Nur für uns']);
  });

  it('refuses a live SEND with the code, German message and answer REST gives the same message: too long, unknown field, not a participant, in another name', async () => {
    const { chatId } = (await call.createChat('tom', 'projektkunde', 'Wie REST')).json<CreatedChat>();
    const body = (fields: Record<string, unknown>) => JSON.stringify({ message: 'Hallo', senderUsername: 'projektkunde', receiverUsername: 'tom', chatId, ...fields });
    const cases: Array<[who: string, body: string, status: number, code: string]> = [
      ['projektkunde', body({ message: 'x'.repeat(10_001) }), 400, 'VALIDATION_FAILED'],
      ['projektkunde', body({ extra: 1 }), 400, 'VALIDATION_FAILED'],
      ['fremdkunde', body({ senderUsername: 'fremdkunde' }), 404, 'NOT_FOUND'],
      ['projektkunde', body({ senderUsername: 'tom' }), 403, 'FORBIDDEN'],
    ];
    for (const [who, payload, status, code] of cases) {
      const rest = await setup.ctx.app.inject({ method: 'POST', url: '/api/MessageManagment', headers: { ...bearer(setup.tokens[who]!), 'content-type': 'application/json' }, payload });
      expect(rest.statusCode).toBe(status);
      const frames = await rawExchange(url, [`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${setup.tokens[who]}\n\n\u0000`, `SEND\ndestination:/app/chat/${chatId}\n\n${payload}\u0000`]);
      const error = readFrame(frames.at(-1)!);
      expect(error.command).toBe('ERROR');
      expect(error.headers).toMatchObject({ code, message: rest.json<{ message: string }>().message, 'content-type': 'application/json' });
      expect(JSON.parse(error.body)).toEqual(rest.json());
    }
    const tooLong = await rawExchange(url, [`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${setup.tokens.projektkunde}\n\n\u0000`, `SEND\ndestination:/app/chat/${chatId}\n\n${cases[0]![1]}\u0000`]);
    expect(JSON.parse(readFrame(tooLong.at(-1)!).body)).toEqual({ message: 'Die Eingaben sind ungültig.', code: 'VALIDATION_FAILED', issues: [{ path: 'body/message', message: fieldTexts.chatMessageTooLong }] });
    const messages = (await call.conversations('tom')).json<Array<{ chatId: number; messages: ChatMessage[] }>>().find((c) => c.chatId === chatId)!.messages;
    // Nothing refused was stored, over either way.
    expect(messages.at(-1)?.message).toBe('Wie REST');
  });

  it('refuses a live SEND whose body is no JSON, or names another chat than its destination', async () => {
    const { chatId } = (await call.createChat('tom', 'projektkunde', 'Nur dieser')).json<CreatedChat>();
    const other = (await call.createChat('mara', 'kunde', 'Ein anderer')).json<CreatedChat>().chatId;
    const sendAs = async (who: string, payload: string) =>
      readFrame((await rawExchange(url, [`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${setup.tokens[who]}\n\n\u0000`, `SEND\ndestination:/app/chat/${chatId}\n\n${payload}\u0000`])).at(-1)!);
    const broken = await sendAs('projektkunde', '{"message":');
    expect(broken.headers).toMatchObject({ code: 'INVALID_JSON', message: serverMessages.invalidJson });
    const elsewhere = await sendAs('projektkunde', JSON.stringify({ message: 'Hallo', senderUsername: 'projektkunde', receiverUsername: 'tom', chatId: other }));
    expect(elsewhere.headers).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Die Eingaben sind ungültig.' });
    expect(JSON.parse(elsewhere.body)).toMatchObject({ issues: [{ path: 'body/chatId', message: serverMessages.liveChatIdMismatch }] });
    const unknownDestination = readFrame(
      (await rawExchange(url, [`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${setup.tokens.projektkunde}\n\n\u0000`, 'SEND\ndestination:/app/anderswo\n\n{}\u0000'])).at(-1)!,
    );
    expect(unknownDestination.headers).toMatchObject({ code: 'NOT_FOUND', message: 'Dieses Ziel gibt es nicht.' });
  });

  it('closes the sockets of a session within a second or so of its logout', async () => {
    const token = await setup.ctx.login('kunde', 'kunde-passwort');
    const stomp = connectStomp(url, token);
    open.push(stomp);
    await stomp.connected;
    const loggedOutAt = Date.now();
    await setup.ctx.app.inject({ method: 'POST', url: '/api/auth/logout/kunde', headers: bearer(token) });
    await stomp.closed;
    expect(Date.now() - loggedOutAt).toBeLessThan(2_500);
    expect(stomp.errors[0]?.headers.message).toBe('Die Sitzung ist beendet.');
  });

  it('answers malformed, oversized and unknown frames with ERROR and closes', async () => {
    const unknown = await rawExchange(url, [`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${setup.tokens.mara}\n\n\u0000`, 'HELLO\n\n\u0000']);
    expect(unknown[0]).toMatch(/^CONNECTED\nversion:1.2\nheart-beat:10000,10000/);
    expect(unknown.at(-1)).toMatch(/^ERROR\nmessage:Unbekannter Befehl\\c HELLO\ncode:BAD_REQUEST\n[\s\S]*\n\n\{"message":"Unbekannter Befehl: HELLO","code":"BAD_REQUEST"\}\u0000$/);
    const oversized = await rawExchange(url, [`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${setup.tokens.mara}\n\n\u0000`, `SEND\ndestination:/app/chat/1\n\n${'x'.repeat(70 * 1024)}\u0000`]);
    expect(oversized.at(-1)).toMatch(/^ERROR\nmessage:Der Frame ist zu groß\./);
    const unauthenticatedSend = await rawExchange(url, ['SEND\ndestination:/app/chat/1\n\nhallo\u0000']);
    expect(unauthenticatedSend.at(-1)).toMatch(/^ERROR\nmessage:Zuerst CONNECT senden\./);
  });

  it('confirms frames that ask for a receipt', async () => {
    const received = await rawExchange(url, [
      `CONNECT\naccept-version:1.2\nAuthorization:Bearer ${setup.tokens.mara}\n\n\u0000SUBSCRIBE\nid:0\ndestination:/user/queue/messages\nreceipt:r-1\n\n\u0000`,
      'DISCONNECT\nreceipt:r-2\n\n\u0000',
    ]);
    expect(received.filter((frame) => frame.startsWith('RECEIPT')).map((frame) => /receipt-id:(\S+)/.exec(frame)?.[1])).toEqual(['r-1', 'r-2']);
  });
});

describe.runIf(testDialects.includes('postgres'))('two instances on one PostgreSQL database', () => {
  let setup: Setup;
  let second: BuiltApp;
  let urls: [string, string];
  const open: TestStomp[] = [];

  beforeAll(async () => {
    setup = await chatSetUp('postgres');
    second = await buildApp({ config: setup.ctx.config, database: setup.ctx.database, jwtSecret: testJwtSecret, logger: false });
    urls = [await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 }), await second.app.listen({ host: '127.0.0.1', port: 0 })];
  });
  afterAll(async () => {
    await Promise.all(open.map((stomp) => stomp.close()));
    await second.app.close();
    await setup.ctx.close();
  });

  it('delivers live between a client on instance A and an architect on instance B, with presence', async () => {
    const kunde = connectStomp(urls[0], setup.tokens.kunde!);
    const mara = connectStomp(urls[1], setup.tokens.mara!);
    open.push(kunde, mara);
    await Promise.all([kunde.connected, mara.connected]);
    const presence = kunde.subscribe('/topic/activeUsers');
    expect(await presence.next((list) => (list as string[]).includes('mara'))).toEqual(['kunde', 'mara']);

    const maraQueue = mara.subscribe('/user/queue/messages');
    await maraQueue.ready;
    const created = (await chatCalls(setup).createChat('kunde', 'mara', 'Von Instanz A')).json<CreatedChat>();
    expect(await maraQueue.next()).toMatchObject({ chatId: created.chatId, message: 'Von Instanz A' });

    const kundeTopic = kunde.subscribe(`/topic/chat/${created.chatId}`);
    await kundeTopic.ready;
    mara.publish(`/app/chat/${created.chatId}`, { message: 'Antwort von Instanz B', senderUsername: 'mara', receiverUsername: 'kunde', chatId: created.chatId });
    expect(await kundeTopic.next()).toMatchObject({ message: 'Antwort von Instanz B', senderUsername: 'mara' });

    await mara.close();
    expect(await presence.next((list) => !(list as string[]).includes('mara'))).toEqual(['kunde']);
  });
});
