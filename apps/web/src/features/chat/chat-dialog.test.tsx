import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifyManager } from '@tanstack/react-query';
import type { ChatConversation, ChatMessage } from '@bauakte/domain/schemas';
import { json, noContent, stubApi } from '../../test/api-stub';
import { fakeLiveChannel } from '../../test/fake-live-channel';
import { renderWithProviders, sessionUser, testQueryClient } from '../../test/render';
import { useModal } from '../../platform/modals/modal-context';
import { ModalHost } from '../../test/modal-host';
import { LiveChannelFactoryContext } from '../../platform/live/live-chat-context';
import { LiveChatProvider } from '../../platform/live/live-chat-provider';
import { prefetchLinkedChat } from './chat-link-start';
import { chatKeys } from '../../lib/query-keys';

afterEach(() => {
  cleanup();
  // Unsent text stays as a draft in sessionStorage; the next test starts without one.
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const message = (id: number, senderUsername: string, receiverUsername: string, text: string, isRead = true): ChatMessage => ({
  id,
  chatId: 7,
  message: text,
  senderUsername,
  receiverUsername,
  isRead,
  sentAt: '2026-11-23T08:00:00.000Z',
});

const conversation = (_me: string, other: string, messages: ChatMessage[], unreadCount = 0): ChatConversation => ({
  chatId: 7,
  participant: { username: other, firstName: other === 'kunde' ? 'Klara' : 'Mara', lastName: other === 'kunde' ? 'Kundin' : 'Berger', role: other === 'kunde' ? 'CLIENT' : 'ARCHI' },
  lastMessage: messages.at(-1)!,
  unreadCount,
  messages,
  hasEarlier: false,
});

function Opener() {
  const { openModal } = useModal();
  return (
    <button type="button" onClick={() => openModal('ChatDialog')}>
      Benachrichtigungen anzeigen
    </button>
  );
}

async function open(me: string, roles: string[], conversations: ChatConversation[], handlers: Parameters<typeof stubApi>[0] = {}) {
  const live = fakeLiveChannel();
  const api = stubApi({
    [`GET /api/MessageManagment/receiver/${me}`]: () => json(200, conversations),
    'PUT /api/MessageManagment/7/read': () => json(200, { marked: 1 }),
    'GET /api/MessageManagment/unread': () => json(200, { unread: 0 }),
    [`GET /api/MessageManagment/newChat/${me}`]: () => json(200, []),
    ...handlers,
  });
  const { queryClient } = renderWithProviders(
    <LiveChannelFactoryContext.Provider value={live.factory}>
      <LiveChatProvider>
        <ModalHost>
          <Opener />
        </ModalHost>
      </LiveChatProvider>
    </LiveChannelFactoryContext.Provider>,
    { user: sessionUser(me, roles) },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Benachrichtigungen anzeigen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Chat Übersicht' });
  return { api, live, dialog, queryClient };
}

/** Opens 'Chat Übersicht' as a chat link does, at `chatId`, with a query cache a start may have filled. */
async function openLinked(chatId: number | string, queryClient = testQueryClient()) {
  function LinkOpener() {
    const { openModal } = useModal();
    return (
      <button type="button" onClick={() => openModal('ChatDialog', { chatId })}>
        Chat öffnen
      </button>
    );
  }
  renderWithProviders(
    <LiveChannelFactoryContext.Provider value={fakeLiveChannel().factory}>
      <LiveChatProvider>
        <ModalHost>
          <LinkOpener />
        </ModalHost>
      </LiveChatProvider>
    </LiveChannelFactoryContext.Provider>,
    { user: sessionUser('mara', ['ARCHI']), queryClient },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Chat öffnen' }));
  return screen.findByRole('dialog', { name: 'Chat Übersicht' });
}

/** A conversation's entry in the list (the open conversation's delete button bears the name too). */
const listEntry = async (dialog: HTMLElement, name: RegExp) => within(await within(dialog).findByRole('list', { name: 'Unterhaltungen' })).getByRole('button', { name });

const history = [message(1, 'mara', 'kunde', 'Grüß Gott!\nBitte den Plan.'), message(2, 'kunde', 'mara', 'Kommt morgen.', false)];

const otherChat: ChatConversation = {
  ...conversation('mara', 'tom', [message(20, 'tom', 'mara', 'Servus')]),
  chatId: 8,
  participant: { username: 'tom', firstName: 'Tom', lastName: 'Huber', role: 'CLIENT' },
};

describe('ChatDialog', () => {
  it('names conversation partners by name, adding the username when two share a name', async () => {
    const namesake: ChatConversation = { ...conversation('mara', 'kunde2', history), chatId: 8, participant: { username: 'kunde2', firstName: 'Klara', lastName: 'Kundin', role: 'CLIENT' } };
    const other: ChatConversation = { ...conversation('mara', 'tom', history), chatId: 9, participant: { username: 'tom', firstName: 'Tom', lastName: 'Huber', role: 'CLIENT' } };
    const { dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history), namesake, other]);
    const list = await within(dialog).findByRole('list', { name: 'Unterhaltungen' });
    const names = within(list).getAllByRole('button').map((button) => button.querySelector('.font-medium')?.textContent);
    expect(names).toEqual(['Klara Kundin (kunde)', 'Klara Kundin (kunde2)', 'Tom Huber']);
  });

  it('lists the conversation with its unread count, opens it as read, and shows text with its line breaks', async () => {
    let read = false;
    const { api, dialog } = await open('mara', ['ARCHI'], [], {
      // Two conversations: nothing opens before the entry is clicked.
      'GET /api/MessageManagment/receiver/mara': () => json(200, [conversation('mara', 'kunde', history, read ? 0 : 1), otherChat]),
      'PUT /api/MessageManagment/7/read': () => {
        read = true;
        return json(200, { marked: 1 });
      },
    });
    const entry = await listEntry(dialog, /Klara Kundin/);
    expect(within(entry).getByLabelText('1 ungelesene Nachricht')).toBeTruthy();
    await userEvent.click(entry);
    const log = within(dialog).getByRole('log', { name: 'Nachrichten mit Klara Kundin' });
    // The messages scroll: the keyboard reaches them even when they hold no link.
    expect(log.tabIndex).toBe(0);
    expect(within(log).getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Sie: Grüß Gott!\nBitte den Plan.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('PUT', '/api/MessageManagment/7/read')).toHaveLength(1));
    await waitFor(() => expect(within(entry).queryByLabelText('1 ungelesene Nachricht')).toBeNull());
  });

  it("shows a message's web address as a link that opens in a new tab, and its markup as text", async () => {
    const text = 'Der Plan: https://example.at/plan?id=7. <b>Danke</b>';
    const { dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', [message(1, 'kunde', 'mara', text)])]);
    const log = await within(dialog).findByRole('log');
    const link = await within(log).findByRole('link', { name: 'https://example.at/plan?id=7 (öffnet in neuem Tab)' });
    expect(link.getAttribute('href')).toBe('https://example.at/plan?id=7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(log.querySelector('b')).toBeNull();
    expect(link.parentElement?.textContent).toBe('Klara Kundin: Der Plan: https://example.at/plan?id=7 (öffnet in neuem Tab). <b>Danke</b>');
  });

  it('keeps a chat read when a list request answered before the read arrives after it', async () => {
    // The server's list: unread until the PUT marks it; one request is held back and then answers
    // with what it read before the mark, as a refetch crossing the read does.
    let read = false;
    let holdNext = false;
    let releaseHeld: (() => void) | undefined;
    // Two conversations, so that the dialog opens none by itself: the read comes with the click.
    const other = { ...conversation('mara', 'tom', [{ ...message(9, 'tom', 'mara', 'Servus'), chatId: 8 }]), chatId: 8 };
    const list = () => [conversation('mara', 'kunde', history, read ? 0 : 1), other];
    const { api, live, dialog, queryClient } = await open('mara', ['ARCHI'], [], {
      'GET /api/MessageManagment/receiver/mara': () => {
        const answer = json(200, list());
        if (!holdNext) return answer;
        holdNext = false;
        return new Promise<Response>((resolve) => (releaseHeld = () => resolve(answer)));
      },
      'PUT /api/MessageManagment/7/read': () => {
        read = true;
        setTimeout(() => releaseHeld?.(), 0);
        return json(200, { marked: 1 });
      },
    });
    const entry = await listEntry(dialog, /Klara Kundin/);
    expect(within(dialog).getByLabelText('1 ungelesene Nachricht')).toBeTruthy();
    holdNext = true;
    act(() => live.connect()); // the list is asked for again, and that answer is held back
    await waitFor(() => expect(releaseHeld).toBeDefined());
    await userEvent.click(entry);
    await waitFor(() => expect(api.callsTo('PUT', '/api/MessageManagment/7/read')).toHaveLength(1));
    // The held answer (unread 1) has arrived once nothing is asked for any more; the count must stay gone.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(dialog).queryByLabelText('1 ungelesene Nachricht')).toBeNull();
  });

  it('keeps a message sent right after opening the chat when the list asked for by the read answers after it', async () => {
    // The server's chat: the read asks for the list again; that answer is held back and brings
    // what the server had before the message was sent.
    const messages = [...history];
    let read = false;
    let holdNext = false;
    let releaseHeld: (() => void) | undefined;
    const list = () => [conversation('mara', 'kunde', [...messages], read ? 0 : 1)];
    const { dialog, queryClient } = await open('mara', ['ARCHI'], [], {
      'GET /api/MessageManagment/receiver/mara': () => {
        const answer = json(200, list());
        if (!holdNext) return answer;
        holdNext = false;
        return new Promise<Response>((resolve) => (releaseHeld = () => resolve(answer)));
      },
      'PUT /api/MessageManagment/7/read': () => {
        read = true;
        holdNext = true;
        return json(200, { marked: 1 });
      },
      'POST /api/MessageManagment': () => {
        const sent = message(3, 'mara', 'kunde', 'Gleich nach dem Öffnen');
        messages.push(sent);
        return json(201, sent);
      },
    });
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    await waitFor(() => expect(releaseHeld).toBeDefined());
    await userEvent.type(within(dialog).getByLabelText('Nachricht'), 'Gleich nach dem Öffnen{Enter}');
    const log = within(dialog).getByRole('log');
    expect(await within(log).findByText('Gleich nach dem Öffnen')).toBeTruthy();
    act(() => releaseHeld?.());
    // The held answer (without the message) has arrived once nothing is asked for any more; the message must stay.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(log).getByText('Gleich nach dem Öffnen')).toBeTruthy();
  });

  it('sends with Enter by plain request when the other is not online; Shift+Enter adds a line; blank sends nothing', async () => {
    const sent = message(3, 'mara', 'kunde', 'Zeile 1\nZeile 2');
    const { api, dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)], {
      'POST /api/MessageManagment': () => json(201, sent),
    });
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    const box = within(dialog).getByLabelText('Nachricht');
    await userEvent.type(box, '   {Enter}');
    expect(api.callsTo('POST', '/api/MessageManagment')).toHaveLength(0);
    await userEvent.clear(box);
    await userEvent.type(box, 'Zeile 1{Shift>}{Enter}{/Shift}Zeile 2{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/MessageManagment')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/MessageManagment')[0]!.body).toEqual({ message: 'Zeile 1\nZeile 2', senderUsername: 'mara', receiverUsername: 'kunde', chatId: 7, isRead: false });
    expect(await within(within(dialog).getByRole('log')).findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Sie: Zeile 1\nZeile 2')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the open conversation and the typed text when reading the list again fails', async () => {
    let fail = false;
    const { dialog, queryClient } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)], {
      'GET /api/MessageManagment/receiver/mara': () => (fail ? json(500, { message: 'Ein interner Fehler ist aufgetreten.', code: 'INTERNAL_ERROR' }) : json(200, [conversation('mara', 'kunde', history)])),
    });
    const log = await within(dialog).findByRole('log', { name: 'Nachrichten mit Klara Kundin' });
    await userEvent.type(within(dialog).getByLabelText('Nachricht'), 'Noch eine Frage');
    fail = true;
    await act(() => queryClient.refetchQueries({ queryKey: chatKeys.conversations('mara') }));
    expect(queryClient.getQueryState(chatKeys.conversations('mara'))?.status).toBe('error');
    // The query cache tells the components in a batch of its own: a callback it schedules after that batch runs once they have heard.
    await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
    expect(within(log).getByText('Kommt morgen.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Nachricht') as HTMLTextAreaElement).value).toBe('Noch eine Frage');
    expect(within(dialog).queryByText('Fehler beim Laden der Nachrichten.')).toBeNull();
  });

  it('keeps the text and says so, with the server\'s reason, when sending fails', async () => {
    const { dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)], {
      'POST /api/MessageManagment': () => json(403, { message: 'Diesen Chat dürfen Sie nicht sehen.', code: 'FORBIDDEN' }),
    });
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    const box = within(dialog).getByLabelText('Nachricht');
    await userEvent.type(box, 'Wichtig{Enter}');
    expect(
      await within(dialog).findByText('Die Nachricht konnte nicht gesendet werden. Ihr Text bleibt erhalten. Diesen Chat dürfen Sie nicht sehen.'),
    ).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Wichtig');
  });

  it('says at once that a message is too long, sends nothing and keeps the text', async () => {
    const { api, dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)]);
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    const box = within(dialog).getByLabelText('Nachricht');
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(10_001));
    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByText('Die Nachricht darf höchstens 10.000 Zeichen lang sein.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/MessageManagment')).toHaveLength(0);
    expect((box as HTMLTextAreaElement).value).toHaveLength(10_001);
    // Shortening the text takes the message away.
    await userEvent.keyboard('{Backspace}');
    expect(within(dialog).queryByText('Die Nachricht darf höchstens 10.000 Zeichen lang sein.')).toBeNull();
  });

  it('shows list and conversation as two screens on a phone, with a way back to the list', async () => {
    const { dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history), otherChat]);
    const list = await within(dialog).findByRole('navigation', { name: 'Unterhaltungen' });
    // Below 640 px (Tailwind's sm) 'hidden' applies; from sm on both stand side by side.
    expect(list.className).toMatch(/(^| )block( |$)/);
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    const conversationScreen = within(dialog).getByRole('log').closest('section')!.parentElement!;
    expect(list.className).toMatch(/(^| )hidden sm:block( |$)/);
    expect(conversationScreen.className).toMatch(/(^| )flex( |$)/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zurück zu den Unterhaltungen' }));
    expect(within(dialog).queryByRole('log')).toBeNull();
    expect(list.className).toMatch(/(^| )block( |$)/);
    expect(list.className).not.toMatch(/(^| )hidden( |$)/);
    expect(within(dialog).getByText('Wählen Sie links eine Unterhaltung.').parentElement!.className).toMatch(/(^| )hidden sm:flex( |$)/);
  });

  it('opens the only conversation at once; on a phone Zurück shows the list, and it stays there', async () => {
    const { dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)]);
    const log = await within(dialog).findByRole('log', { name: 'Nachrichten mit Klara Kundin' });
    expect(within(log).getByText('Kommt morgen.')).toBeTruthy();
    expect(within(dialog).queryByText('Wählen Sie links eine Unterhaltung.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zurück zu den Unterhaltungen' }));
    expect(within(dialog).queryByRole('log')).toBeNull();
    expect(within(dialog).getByRole('navigation', { name: 'Unterhaltungen' }).className).not.toMatch(/(^| )hidden( |$)/);
  });

  it('holds the place of the list and of the messages with blocks of their size while they load', async () => {
    const texts = (ids: number[]) => ids.map((id) => message(id, 'kunde', 'mara', `Nachricht ${id}`));
    let answerLatest: (() => void) | undefined;
    const entry = { ...conversation('mara', 'kunde', texts([150])), hasEarlier: true };
    const { dialog } = await open('mara', ['ARCHI'], [], {
      'GET /api/MessageManagment/receiver/mara': async (call) => {
        if (new URL(call.path, 'http://localhost').searchParams.get('chatId') !== '7') return json(200, [entry]);
        await new Promise<void>((resolve) => (answerLatest = resolve));
        return json(200, [{ ...entry, messages: texts(Array.from({ length: 20 }, (_, index) => 131 + index)) }]);
      },
    });
    const log = await within(dialog).findByRole('log', { name: 'Nachrichten mit Klara Kundin' });
    // The list's last message alone is not shown first, to be pushed up by the rest.
    expect(within(log).queryByText('Nachricht 150')).toBeNull();
    expect(within(log).getByRole('status').textContent).toBe('Nachrichten werden geladen...');
    expect(log.querySelectorAll('[aria-hidden].animate-pulse').length).toBeGreaterThan(0);
    await waitFor(() => expect(answerLatest).toBeDefined());
    act(() => answerLatest!());
    await within(log).findByText('Nachricht 131');
    expect(log.querySelectorAll('.animate-pulse')).toHaveLength(0);
    expect(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' })).toBeTruthy();
  });

  it('keeps the latest messages it laid in while a list asked for by the read was on its way', async () => {
    const texts = (ids: number[]) => ids.map((id) => message(id, 'kunde', 'mara', `Nachricht ${id}`, id !== 150));
    const latest = texts(Array.from({ length: 20 }, (_, index) => 131 + index));
    const entry = { ...conversation('mara', 'kunde', texts([150]), 1), hasEarlier: true };
    let lists = 0;
    let releaseLatest: (() => void) | undefined;
    let releaseList: (() => void) | undefined;
    const { api, dialog, queryClient } = await open('mara', ['ARCHI'], [], {
      'GET /api/MessageManagment/receiver/mara': async (call) => {
        if (new URL(call.path, 'http://localhost').searchParams.get('chatId') === '7') {
          await new Promise<void>((resolve) => (releaseLatest = resolve));
          return json(200, [{ ...entry, unreadCount: 0, messages: latest }]);
        }
        lists += 1;
        if (lists > 1) await new Promise<void>((resolve) => (releaseList = resolve));
        return json(200, [{ ...entry, unreadCount: lists > 1 ? 0 : 1 }]);
      },
    });
    // The read asks for the list again; its answer comes only after the latest messages.
    await waitFor(() => expect(releaseList).toBeDefined());
    await waitFor(() => expect(releaseLatest).toBeDefined());
    act(() => releaseLatest!());
    const log = await within(dialog).findByRole('log');
    await within(log).findByText('Nachricht 131');
    act(() => releaseList!());
    await waitFor(() => expect(lists).toBe(2));
    // The held list has arrived once nothing is asked for any more.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(log).getByText('Nachricht 131')).toBeTruthy();
    expect(api.calls.filter((call) => call.path.includes('chatId=7'))).toHaveLength(1);
  });

  it('opens the chat a link names with the list and messages its start asked for, asking for nothing again', async () => {
    const texts = (ids: number[]) => ids.map((id) => message(id, 'kunde', 'mara', `Nachricht ${id}`));
    const entry = { ...conversation('mara', 'kunde', texts([150])), hasEarlier: true };
    const api = stubApi({
      'GET /api/MessageManagment/receiver/mara': (call) =>
        json(200, [new URL(call.path, 'http://localhost').searchParams.get('chatId') === '7' ? { ...entry, messages: texts([148, 149, 150]), hasEarlier: false } : entry]),
      'PUT /api/MessageManagment/7/read': () => json(200, { marked: 0 }),
      'GET /api/MessageManagment/unread': () => json(200, { unread: 0 }),
    });
    const queryClient = testQueryClient();
    prefetchLinkedChat(queryClient, '?chat=7', sessionUser('mara', ['ARCHI']));
    await waitFor(() => expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara')).toHaveLength(2));

    const dialog = await openLinked(7, queryClient);
    const log = await within(dialog).findByRole('log');
    await within(log).findByText('Nachricht 148');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara')).toHaveLength(2);
  });

  it('keeps Live verbunden in its place, hidden, until both are online', async () => {
    const { dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)]);
    await within(dialog).findByRole('log');
    const live = within(dialog).getByText('Live verbunden');
    expect(live.className).toMatch(/(^| )invisible( |$)/);
  });

  it('reads the conversations and the unread count again whenever the live channel (re)connects', async () => {
    const { api, live, dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)]);
    await listEntry(dialog, /Klara Kundin/);
    api.calls.length = 0;
    act(() => live.connect());
    await waitFor(() => expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara')).toHaveLength(1));
    act(() => live.disconnect());
    act(() => live.connect());
    await waitFor(() => expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara')).toHaveLength(2));
  });

  it('uses the live channel for the chat when both are online, and shows each message once', async () => {
    const { api, live, dialog } = await open('kunde', ['CLIENT'], [conversation('kunde', 'mara', history)]);
    act(() => {
      live.connect();
      live.deliver('/topic/activeUsers', ['kunde', 'mara']);
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Mara Berger/ }));
    await waitFor(() => expect(live.isSubscribed('/topic/chat/7')).toBe(true));
    expect(within(dialog).getAllByRole('img', { name: 'online' }).length).toBeGreaterThan(0);
    await userEvent.type(within(dialog).getByLabelText('Nachricht'), 'Live!{Enter}');
    await waitFor(() => expect(live.published).toHaveLength(1));
    expect(live.published[0]).toEqual({ destination: '/app/chat/7', body: { message: 'Live!', senderUsername: 'kunde', receiverUsername: 'mara', chatId: 7, isRead: false } });
    const echo = message(3, 'kunde', 'mara', 'Live!');
    act(() => {
      live.deliver('/topic/chat/7', echo);
      live.deliver('/user/queue/messages', echo);
    });
    const log = within(dialog).getByRole('log');
    await waitFor(() => expect(within(log).getAllByText('Live!')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/MessageManagment')).toHaveLength(0);
    // When the architect leaves, the chat goes back to plain requests.
    act(() => live.deliver('/topic/activeUsers', ['kunde']));
    await waitFor(() => expect(live.isSubscribed('/topic/chat/7')).toBe(false));
  });

  it("keeps the text and says the server's reason when the live channel refuses a message (ERROR frame)", async () => {
    const { live, dialog } = await open('kunde', ['CLIENT'], [conversation('kunde', 'mara', history)]);
    act(() => {
      live.connect();
      live.deliver('/topic/activeUsers', ['kunde', 'mara']);
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Mara Berger/ }));
    await waitFor(() => expect(live.isSubscribed('/topic/chat/7')).toBe(true));
    const box = within(dialog).getByLabelText<HTMLTextAreaElement>('Nachricht');
    await userEvent.type(box, 'Noch eine{Enter}');
    await waitFor(() => expect(live.published).toHaveLength(1));
    act(() => live.refuse('Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.', 'TOO_MANY_ATTEMPTS'));
    expect(
      await within(dialog).findByText(
        'Die Nachricht konnte nicht gesendet werden. Ihr Text bleibt erhalten. Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
      ),
    ).toBeTruthy();
    expect(box.value).toBe('Noch eine');
  });

  it.each([
    ['a refused field names it', 'Die Eingaben sind ungültig.', 'VALIDATION_FAILED', { issues: [{ path: 'body/message', message: 'Die Nachricht darf höchstens 10.000 Zeichen lang sein.' }] }, 'Die Nachricht darf höchstens 10.000 Zeichen lang sein.'],
    [
      'a used-up budget says when to try again',
      'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
      'TOO_MANY_ATTEMPTS',
      { retryAfter: '42' },
      'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut. Ein neuer Versuch ist in etwa einer Minute möglich.',
    ],
  ])('reads a live refusal as the REST answer: %s', async (_case, message, code, extra, reason) => {
    const { live, dialog } = await open('kunde', ['CLIENT'], [conversation('kunde', 'mara', history)]);
    act(() => {
      live.connect();
      live.deliver('/topic/activeUsers', ['kunde', 'mara']);
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: /Mara Berger/ }));
    await waitFor(() => expect(live.isSubscribed('/topic/chat/7')).toBe(true));
    const box = within(dialog).getByLabelText<HTMLTextAreaElement>('Nachricht');
    await userEvent.type(box, 'Noch eine{Enter}');
    await waitFor(() => expect(live.published).toHaveLength(1));
    act(() => live.refuse(message, code, extra));
    expect(await within(dialog).findByText(`Die Nachricht konnte nicht gesendet werden. Ihr Text bleibt erhalten. ${reason}`)).toBeTruthy();
    expect(box.value).toBe('Noch eine');
  });

  it('lets an architect delete after the spec\'s question; a client sees no delete button', async () => {
    const { api, dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history)], { 'DELETE /api/MessageManagment/7': () => noContent() });
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chat mit Klara Kundin löschen' }));
    const question = await screen.findByRole('alertdialog', { name: 'Möchtest du diesen Chat wirklich löschen?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Chat löschen' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/MessageManagment/7')).toHaveLength(1));
    expect(await within(dialog).findByText('Der Chat wurde gelöscht.')).toBeTruthy();
    cleanup();
    const client = await open('kunde', ['CLIENT'], [conversation('kunde', 'mara', history)]);
    await userEvent.click(await within(client.dialog).findByRole('button', { name: /Mara Berger/ }));
    expect(within(client.dialog).queryByRole('button', { name: /löschen/ })).toBeNull();
  });

  it('shows a new chat someone starts while the dialog is open', async () => {
    const { api, live, dialog } = await open('kunde', ['CLIENT'], []);
    expect(await within(dialog).findByText('Noch keine Unterhaltungen. Starten Sie einen neuen Chat.')).toBeTruthy();
    api.calls.length = 0;
    act(() => live.deliver('/user/queue/messages', message(9, 'mara', 'kunde', 'Neu', false)));
    await waitFor(() => expect(api.callsTo('GET', '/api/MessageManagment/receiver/kunde')).toHaveLength(1));
  });

  it("lists each chat with its last message only and brings a chat's latest messages when it is opened", async () => {
    const texts = (ids: number[]) => ids.map((id) => message(id, 'kunde', 'mara', `Nachricht ${id}`));
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
    const entry = { ...conversation('mara', 'kunde', texts([150])), hasEarlier: true };
    const { api, dialog } = await open('mara', ['ARCHI'], [], {
      'GET /api/MessageManagment/receiver/mara': (call) =>
        json(200, [new URL(call.path, 'http://localhost').searchParams.get('chatId') === '7' ? { ...entry, messages: texts(range(131, 150)) } : entry]),
    });
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    const log = within(dialog).getByRole('log');
    await within(log).findByText('Nachricht 131');
    const shown = [...log.querySelectorAll('p')].map((paragraph) => paragraph.textContent?.replace(/^.*: /, ''));
    expect(shown).toEqual(range(131, 150).map((id) => `Nachricht ${id}`));
    expect(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara').map((call) => call.path)).toEqual([
      '/api/MessageManagment/receiver/mara?page=1&limit=100&messages=1',
      '/api/MessageManagment/receiver/mara?chatId=7',
    ]);
  });

  it("loads earlier messages above the latest ones with 'Ältere Nachrichten laden', until there are none", async () => {
    const texts = (ids: number[]) => ids.map((id) => message(id, id % 2 ? 'mara' : 'kunde', id % 2 ? 'kunde' : 'mara', `Nachricht ${id}`));
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
    const latest = { ...conversation('mara', 'kunde', texts(range(101, 150))), hasEarlier: true };
    const { api, dialog } = await open('mara', ['ARCHI'], [latest], {
      'GET /api/MessageManagment/receiver/mara': (call) => {
        const before = new URL(call.path, 'http://localhost').searchParams.get('before');
        if (before === null) return json(200, [latest]);
        const earlier = before === '101' ? { ...latest, messages: texts(range(51, 100)), hasEarlier: true } : { ...latest, messages: texts(range(1, 50)), hasEarlier: false };
        return json(200, [earlier]);
      },
    });
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    const log = within(dialog).getByRole('log');
    expect(within(log).queryByText('Nachricht 100')).toBeNull();
    await userEvent.click(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' }));
    await within(log).findByText('Nachricht 51');
    await userEvent.click(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' }));
    await within(log).findByText('Nachricht 1');
    expect(within(log).queryByRole('button', { name: 'Ältere Nachrichten laden' })).toBeNull();
    const shown = [...log.querySelectorAll('p')].map((paragraph) => paragraph.textContent?.replace(/^.*: /, ''));
    expect(shown).toEqual(range(1, 150).map((id) => `Nachricht ${id}`));
    expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara').map((call) => call.path).slice(-2)).toEqual([
      '/api/MessageManagment/receiver/mara?chatId=7&before=101',
      '/api/MessageManagment/receiver/mara?chatId=7&before=51',
    ]);
  });

  it('keeps the earlier messages it loaded when the live channel connects and the list is read again', async () => {
    const texts = (ids: number[]) => ids.map((id) => message(id, 'mara', 'kunde', `Nachricht ${id}`));
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
    const latest = { ...conversation('mara', 'kunde', texts(range(41, 60))), hasEarlier: true };
    const { api, live, dialog } = await open('mara', ['ARCHI'], [latest], {
      'GET /api/MessageManagment/receiver/mara': (call) =>
        json(200, [new URL(call.path, 'http://localhost').searchParams.get('before') === null ? latest : { ...latest, messages: texts(range(21, 40)), hasEarlier: true }]),
    });
    await userEvent.click(await listEntry(dialog, /Klara Kundin/));
    const log = within(dialog).getByRole('log');
    await userEvent.click(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' }));
    await within(log).findByText('Nachricht 21');
    api.calls.length = 0;
    act(() => live.connect());
    await waitFor(() => expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara')).toHaveLength(1));
    // The list came again with only the latest 20: the 20 before them stay, and more can be loaded.
    await waitFor(() => expect(log.querySelectorAll('p')).toHaveLength(40));
    expect(within(log).getByText('Nachricht 21')).toBeTruthy();
    expect(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' })).toBeTruthy();
  });

  it('opens a chat asked for by a link even when it is not on the first page of chats', async () => {
    const linked = { ...conversation('mara', 'kunde', history), chatId: 42 };
    const api = stubApi({
      'GET /api/MessageManagment/receiver/mara': (call) => json(200, call.path.includes('chatId=42') ? [linked] : []),
      'PUT /api/MessageManagment/42/read': () => json(200, { marked: 0 }),
      'GET /api/MessageManagment/unread': () => json(200, { unread: 0 }),
      'GET /api/MessageManagment/newChat/mara': () => json(200, []),
    });
    const dialog = await openLinked('42');
    expect(await within(await within(dialog).findByRole('log')).findByText('Kommt morgen.')).toBeTruthy();
    expect(api.callsTo('GET', '/api/MessageManagment/receiver/mara').map((call) => call.path)).toContain('/api/MessageManagment/receiver/mara?chatId=42');
  });
});

describe('ChatDialog: a message typed but not sent', () => {
  const tom: ChatConversation = {
    ...conversation('mara', 'tom', [message(5, 'tom', 'mara', 'Servus.')]),
    chatId: 8,
    participant: { username: 'tom', firstName: 'Tom', lastName: 'Huber', role: 'CLIENT' },
  };
  const box = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLTextAreaElement>('Nachricht');
  const choose = async (dialog: HTMLElement, name: RegExp) => userEvent.click(await listEntry(dialog, name));
  const reopen = async (dialog: HTMLElement) => {
    // The footer's 'Schließen' comes before the X, which shares the name.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Schließen' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Benachrichtigungen anzeigen' }));
    return screen.findByRole('dialog', { name: 'Chat Übersicht' });
  };

  it('stays as that chat’s draft when the dialog closes or another chat is chosen, and is gone once sent', async () => {
    const { api, dialog } = await open('mara', ['ARCHI'], [conversation('mara', 'kunde', history), tom], {
      'PUT /api/MessageManagment/8/read': () => json(200, { marked: 0 }),
      'POST /api/MessageManagment': () => json(201, message(3, 'mara', 'kunde', 'Plan kommt')),
    });
    await choose(dialog, /Klara Kundin/);
    await userEvent.type(box(dialog), 'Plan kommt');

    // Another chat starts empty, and switching back finds the draft again.
    await choose(dialog, /Tom Huber/);
    expect(box(dialog).value).toBe('');
    await choose(dialog, /Klara Kundin/);
    expect(box(dialog).value).toBe('Plan kommt');

    const again = await reopen(dialog);
    await choose(again, /Klara Kundin/);
    expect(box(again).value).toBe('Plan kommt');

    await userEvent.type(box(again), '{Enter}');
    await waitFor(() => expect(api.callsTo('POST', '/api/MessageManagment')).toHaveLength(1));
    const last = await reopen(again);
    await choose(last, /Klara Kundin/);
    expect(box(last).value).toBe('');
  });
});
