import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { ChatConversation } from '@bauakte/domain/schemas';
import { json, stubApi } from '../../test/api-stub';
import { fakeLiveChannel } from '../../test/fake-live-channel';
import { renderWithProviders, sessionUser } from '../../test/render';
import { LiveChannelFactoryContext } from '../../platform/live/live-chat-context';
import { useUnsavedChangesGuard } from '../../platform/unsaved-changes/unsaved-changes-context';
import { getSelectedProjectId, isMissingProjectWarningSuppressed, selectProject } from '../../platform/project/project-selection';
import { AppShell, homeNavigationDelayMs } from './app-shell';

function Where() {
  const { pathname, search } = useLocation();
  return (
    <p>
      Seite {pathname}
      {search}
    </p>
  );
}

/** A page with a field that counts as unsaved once something is typed. */
function NotePage() {
  const [text, setText] = useState('');
  useUnsavedChangesGuard(text !== '');
  return (
    <label>
      Notiz
      <input value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  );
}

function renderShell(roles: string[], route: string, live = fakeLiveChannel()) {
  // The fake keeps the shell's live channel from dialling a real socket in tests.
  return renderWithProviders(
    <LiveChannelFactoryContext.Provider value={live.factory}>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/notiz" element={<NotePage />} />
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </LiveChannelFactoryContext.Provider>,
    { user: sessionUser('mara', roles), route, path: '*', dataRouter: true },
  );
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
  // The sidebar asks for the unread count; no test here should reach for a real server.
  stubApi({ 'GET /api/MessageManagment/unread': () => json(200, { unread: 0 }) });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AppShell', () => {
  it('shows the project section only while a project is chosen, and the welcome line', () => {
    selectProject(7);
    renderShell(['ARCHI'], '/projectOverview');
    expect(screen.getByRole('link', { name: 'Stockwerke' }).getAttribute('href')).toBe('/storeys');
    expect(screen.getByText('Willkommen mara')).toBeTruthy();
  });

  it("starts with the skip link 'Zum Inhalt springen', which moves focus to the page's main content", async () => {
    // No timer is under test here, and user-event waits on real ones.
    vi.useRealTimers();
    const user = userEvent.setup();
    renderShell(['ARCHI'], '/dashboard');
    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(document.activeElement).toBe(skipLink);
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(main.id).toBe('main-content');
    expect(within(main).getByText('Seite /dashboard')).toBeTruthy();
  });

  it('Home first suppresses the missing-project warning, then after 100 ms clears the project and goes to the dashboard', async () => {
    selectProject(7);
    renderShell(['ARCHI'], '/projectOverview');
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(isMissingProjectWarningSuppressed()).toBe(true);
    expect(getSelectedProjectId()).toBe('7');
    await act(async () => vi.advanceTimersByTime(homeNavigationDelayMs - 1));
    expect(screen.getByText('Seite /projectOverview')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(getSelectedProjectId()).toBeNull();
    expect(screen.getByText('Seite /dashboard')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stockwerke' })).toBeNull();
  });

  it('takes a client Home to /dashboardClient', async () => {
    renderShell(['CLIENT'], '/general');
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/dashboardClient');
    fireEvent.click(home);
    await act(async () => vi.advanceTimersByTime(homeNavigationDelayMs));
    expect(screen.getByText('Seite /dashboardClient')).toBeTruthy();
  });

  it('Home is a link to the dashboard: a ctrl or middle click opens it in a new tab, with this tab and its project left alone', async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    selectProject(7);
    renderShell(['ARCHI'], '/projectOverview');
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/dashboard');
    fireEvent.click(home, { ctrlKey: true });
    fireEvent(home, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    // window.open keeps the opener, so Chromium copies the session (token, project) into the new tab.
    expect(open.mock.calls).toEqual([
      [expect.stringMatching(/\/dashboard$/), '_blank'],
      [expect.stringMatching(/\/dashboard$/), '_blank'],
    ]);
    await act(async () => vi.advanceTimersByTime(homeNavigationDelayMs));
    expect(isMissingProjectWarningSuppressed()).toBe(false);
    expect(getSelectedProjectId()).toBe('7');
    expect(screen.getByText('Seite /projectOverview')).toBeTruthy();
  });

  it('links the questionnaire steps and Impressum, and keeps dialog entries as buttons', () => {
    selectProject(7);
    renderShell(['ARCHI'], '/projectOverview');
    for (const [name, href] of [['Übersicht', '/projectOverview'], ['Allgemeine Informationen', '/general'], ['Fenster', '/windows'], ['Heizung', '/heating'], ['Impressum', '/impressum']]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('button', { name: 'Projekt erstellen' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Projekt erstellen' })).toBeNull();
  });

  it('Logout clears the project and logs out through the session', async () => {
    selectProject(7);
    const { session } = renderShell(['ARCHI'], '/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(getSelectedProjectId()).toBeNull();
    expect(session.logout).toHaveBeenCalledTimes(1);
  });
});

describe('AppShell with unsaved changes', () => {
  beforeEach(() => vi.useRealTimers());
  const question = () => screen.findByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });

  it("asks before Home; 'Weiter bearbeiten' keeps the page, its project and the text, 'Verwerfen' goes home", async () => {
    selectProject(7);
    renderShell(['ARCHI'], '/notiz');
    await userEvent.type(screen.getByLabelText('Notiz'), 'Dach prüfen');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    const keepEditing = within(await question()).getByRole('button', { name: 'Weiter bearbeiten' });
    // On the test's clock: whatever the choice sets off on a timer (Home's navigation would) has run before the checks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => fireEvent.click(keepEditing));
    await act(async () => vi.advanceTimersByTime(homeNavigationDelayMs * 10));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('Seite /dashboard')).toBeNull();
    expect(getSelectedProjectId()).toBe('7');
    expect(screen.getByLabelText<HTMLInputElement>('Notiz').value).toBe('Dach prüfen');

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await userEvent.click(within(await question()).getByRole('button', { name: 'Verwerfen' }));
    expect(await screen.findByText('Seite /dashboard')).toBeTruthy();
    expect(getSelectedProjectId()).toBeNull();
    // Home was asked about once: the navigation after it does not ask again.
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("asks before Logout, which logs out only on 'Verwerfen'", async () => {
    const { session } = renderShell(['CLIENT'], '/notiz');
    await userEvent.type(screen.getByLabelText('Notiz'), 'Dach prüfen');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await question()).getByRole('button', { name: 'Weiter bearbeiten' }));
    expect(session.logout).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await question()).getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(session.logout).toHaveBeenCalledTimes(1));
  });
});

describe('AppShell and the chat', () => {
  beforeEach(() => vi.useRealTimers());

  const chat: ChatConversation = {
    chatId: 12,
    participant: { username: 'kunde', firstName: 'Klara', lastName: 'Kundin', role: 'CLIENT' },
    lastMessage: { id: 5, chatId: 12, message: 'Der Plan ist da.', senderUsername: 'kunde', receiverUsername: 'mara', isRead: true, sentAt: '2026-11-23T08:00:00.000Z' },
    unreadCount: 0,
    messages: [{ id: 5, chatId: 12, message: 'Der Plan ist da.', senderUsername: 'kunde', receiverUsername: 'mara', isRead: true, sentAt: '2026-11-23T08:00:00.000Z' }],
    hasEarlier: false,
  };

  it("counts unread messages beside 'Benachrichtigungen anzeigen' and follows live messages", async () => {
    let unread = 2;
    stubApi({ 'GET /api/MessageManagment/unread': () => json(200, { unread }) });
    const live = fakeLiveChannel();
    renderShell(['ARCHI'], '/dashboard', live);
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen anzeigen 2 ungelesene Nachrichten' })).toBeTruthy();
    unread = 3;
    act(() => live.deliver('/user/queue/messages', { ...chat.lastMessage, id: 6, isRead: false }));
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen anzeigen 3 ungelesene Nachrichten' })).toBeTruthy();
    unread = 0;
    act(() => live.deliver('/user/queue/messages', { ...chat.lastMessage, id: 7 }));
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen anzeigen' })).toBeTruthy();
  });

  it('shows no badge and opens no live channel for an administrator', async () => {
    const api = stubApi({});
    const live = fakeLiveChannel();
    renderShell(['ADMIN'], '/admin', live);
    expect(screen.getByText('Willkommen mara')).toBeTruthy();
    expect(live.isSubscribed('/topic/activeUsers')).toBe(false);
    expect(api.callsTo('GET', '/api/MessageManagment/unread')).toHaveLength(0);
  });

  it("opens 'Chat Übersicht' at the chat a mail links to, and takes the parameter off the address", async () => {
    stubApi({
      'GET /api/MessageManagment/unread': () => json(200, { unread: 0 }),
      'GET /api/MessageManagment/receiver/mara': () => json(200, [chat]),
    });
    renderShell(['ARCHI'], '/dashboard?chat=12');
    const dialog = await screen.findByRole('dialog', { name: 'Chat Übersicht' });
    expect(await within(dialog).findByRole('log', { name: 'Nachrichten mit Klara Kundin' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Seite /dashboard')).toBeTruthy());
  });

  it('on a phone, where the chat covers the page, renders the page behind it once the chat closes', async () => {
    stubApi({
      'GET /api/MessageManagment/unread': () => json(200, { unread: 0 }),
      'GET /api/MessageManagment/receiver/mara': () => json(200, [chat]),
    });
    viewport('phone');
    renderShell(['ARCHI'], '/dashboard?chat=12');
    const dialog = await screen.findByRole('dialog', { name: 'Chat Übersicht' });
    expect(await within(dialog).findByRole('log', { name: 'Nachrichten mit Klara Kundin' })).toBeTruthy();
    expect(screen.queryByText(/^Seite/)).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Seite /dashboard')).toBeTruthy();
  });

  it('on a phone turned wide enough to show the page around the chat, renders the page at once', async () => {
    stubApi({
      'GET /api/MessageManagment/unread': () => json(200, { unread: 0 }),
      'GET /api/MessageManagment/receiver/mara': () => json(200, [chat]),
    });
    const screenSize = viewport('phone');
    renderShell(['ARCHI'], '/dashboard?chat=12');
    await screen.findByRole('dialog', { name: 'Chat Übersicht' });
    expect(screen.queryByText(/^Seite/)).toBeNull();
    act(() => screenSize.turn('wide'));
    expect(await screen.findByText('Seite /dashboard')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Chat Übersicht' })).toBeTruthy();
  });
});

/** The screen's media queries answer as on a phone (every one matches) or a wide screen (none does), until turned. */
function viewport(size: 'phone' | 'wide') {
  let phone = size === 'phone';
  const listeners = new Set<EventListenerOrEventListenerObject>();
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    get matches() {
      return phone;
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      listeners.delete(listener);
    },
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
  return {
    turn(next: 'phone' | 'wide') {
      phone = next === 'phone';
      const change = new Event('change');
      for (const listener of listeners) {
        if (typeof listener === 'function') listener(change);
        else listener.handleEvent(change);
      }
    },
  };
}
