import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SessionProvider } from './session-provider';
import { useSession } from './session-context';
import { fakeToken } from '../../test/tokens';
import { onUserDataRemoval } from '../../lib/user-data';
import { pendingLogouts } from './pending-logout';

function Probe() {
  const { user, logout } = useSession();
  return (
    <div>
      <p>{user ? `angemeldet als ${user.username} (${user.roleText})` : 'abgemeldet'}</p>
      <button type="button" onClick={() => void logout()}>
        abmelden
      </button>
    </div>
  );
}

const token = fakeToken({ sub: 'mara', roles: ['ARCHI'], jti: 's1', exp: 9999999999 });
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  sessionStorage.setItem('token', token);
  sessionStorage.setItem('projectId', '7');
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const logoutCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/auth/logout/'));

describe('SessionProvider', () => {
  it('restores the user from the stored token', () => {
    render(<SessionProvider><Probe /></SessionProvider>);
    expect(screen.getByText('angemeldet als mara (ARCHI)')).toBeTruthy();
  });

  it('logs out through the server, clears the session and fully loads /login', async () => {
    render(<SessionProvider><Probe /></SessionProvider>);
    await act(async () => screen.getByText('abmelden').click());
    expect(logoutCalls()).toHaveLength(1);
    const [url, init] = logoutCalls()[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/logout/mara');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('projectId')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it("removes the user's unsent chat messages on logout, and no one else's", async () => {
    sessionStorage.setItem('chatDraft:mara:7', 'Noch nicht gesendet');
    sessionStorage.setItem('chatDraft:mara:8', 'Auch nicht');
    sessionStorage.setItem('chatDraft:tom:7', 'Toms Entwurf');
    render(<SessionProvider><Probe /></SessionProvider>);
    await act(async () => screen.getByText('abmelden').click());
    expect(sessionStorage.getItem('chatDraft:mara:7')).toBeNull();
    expect(sessionStorage.getItem('chatDraft:mara:8')).toBeNull();
    expect(sessionStorage.getItem('chatDraft:tom:7')).toBe('Toms Entwurf');
  });

  it('keeps the session and only logs when the logout call fails', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SessionProvider><Probe /></SessionProvider>);
    await act(async () => screen.getByText('abmelden').click());
    expect(log).toHaveBeenCalledWith('Fehler beim Logout', expect.anything());
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(assign).not.toHaveBeenCalled();
  });

  it("logs out when the 'token' entry disappears from storage", async () => {
    render(<SessionProvider><Probe /></SessionProvider>);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: token, newValue: null }));
    });
    expect(logoutCalls()).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('sends a logout beacon with the token when the page goes away', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    render(<SessionProvider><Probe /></SessionProvider>);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith('/api/auth/logout/mara', expect.any(Blob));
  });

  describe('without a connection', () => {
    const noConnection = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };

    it("logs out at once: the user's kept data is removed, the session is gone and /login loads", async () => {
      const removed: string[] = [];
      const unregister = onUserDataRemoval(async (username) => void removed.push(username));
      fetchMock.mockImplementation(noConnection);
      render(<SessionProvider><Probe /></SessionProvider>);
      await act(async () => screen.getByText('abmelden').click());
      unregister();
      expect(removed).toEqual(['mara']);
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(sessionStorage.getItem('projectId')).toBeNull();
      expect(assign).toHaveBeenCalledWith('/login');
      // What waits to be told can end this session, never start one: the token is kept nowhere.
      expect(pendingLogouts()).toEqual([{ username: 'mara', sessionId: 's1' }]);
      expect(JSON.stringify({ ...localStorage })).not.toContain(token);
    });

    it('tells the server at the next start online, without any session of its own, and then forgets it', async () => {
      localStorage.setItem('bauakte.pendingLogouts', JSON.stringify([{ username: 'mara', sessionId: 's0' }]));
      sessionStorage.clear();
      render(<SessionProvider><Probe /></SessionProvider>);
      await vi.waitFor(() => expect(pendingLogouts()).toEqual([]));
      expect(logoutCalls()).toHaveLength(1);
      const [url, init] = logoutCalls()[0] as [string, RequestInit];
      expect(url).toBe('/api/auth/logout/mara');
      expect(JSON.parse(String(init.body))).toEqual({ sessionId: 's0' });
      expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    });

    it('keeps the logout to tell while there is no connection, and tells it when the connection is back', async () => {
      localStorage.setItem('bauakte.pendingLogouts', JSON.stringify([{ username: 'mara', sessionId: 's0' }]));
      fetchMock.mockImplementation(noConnection);
      render(<SessionProvider><Probe /></SessionProvider>);
      await vi.waitFor(() => expect(logoutCalls()).toHaveLength(1));
      expect(pendingLogouts()).toHaveLength(1);
      fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(pendingLogouts()).toEqual([]));
      expect(logoutCalls()).toHaveLength(2);
    });
  });

  it('ends the session when the server no longer accepts the token', async () => {
    fetchMock.mockImplementation(async () => new Response('{"message":"x","code":"UNAUTHENTICATED"}', { status: 401 }));
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  describe('on a remembered device', () => {
    beforeEach(() => localStorage.setItem('bauakte.rememberedToken', token));

    it('starts signed in in a new tab, which has nothing in its sessionStorage', () => {
      sessionStorage.clear();
      render(<SessionProvider><Probe /></SessionProvider>);
      expect(screen.getByText('angemeldet als mara (ARCHI)')).toBeTruthy();
      expect(sessionStorage.getItem('token')).toBe(token);
    });

    it('sends no logout beacon when the window closes', () => {
      const beacon = vi.fn(() => true);
      Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
      render(<SessionProvider><Probe /></SessionProvider>);
      window.dispatchEvent(new Event('pagehide'));
      expect(beacon).not.toHaveBeenCalled();
    });

    it('forgets the token at logout, so the next tab asks for a login', async () => {
      render(<SessionProvider><Probe /></SessionProvider>);
      await act(async () => screen.getByText('abmelden').click());
      expect(localStorage.getItem('bauakte.rememberedToken')).toBeNull();
      expect(assign).toHaveBeenCalledWith('/login');
    });

    it("removes the user's kept data when the server says the device was signed out, and the login says why", async () => {
      const removed: string[] = [];
      const unregister = onUserDataRemoval(async (username) => void removed.push(username));
      fetchMock.mockImplementation(async () => new Response('{"message":"x","code":"SESSION_REVOKED"}', { status: 401 }));
      render(<SessionProvider><Probe /></SessionProvider>);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
      unregister();
      expect(removed).toEqual(['mara']);
      expect(localStorage.getItem('bauakte.rememberedToken')).toBeNull();
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(sessionStorage.getItem('bauakte.signedOutHere')).toBe('1');
    });

    it("forgets the device key before the user's data is removed, so nothing of theirs is kept anew meanwhile", async () => {
      const keyAtRemoval: Array<string | null> = [];
      const unregister = onUserDataRemoval(async () => void keyAtRemoval.push(localStorage.getItem('bauakte.rememberedDeviceKey')));
      localStorage.setItem('bauakte.rememberedDeviceKey', JSON.stringify({ username: 'mara', key: 'A'.repeat(43) }));
      fetchMock.mockImplementation(async () => new Response('{"message":"x","code":"SESSION_REVOKED"}', { status: 401 }));
      render(<SessionProvider><Probe /></SessionProvider>);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
      unregister();
      expect(keyAtRemoval).toEqual([null]);
    });

    it('keeps the kept data, waiting changes included, when the device merely ran out of time; its key goes', async () => {
      const removed: string[] = [];
      const unregister = onUserDataRemoval(async (username) => void removed.push(username));
      localStorage.setItem('bauakte.rememberedDeviceKey', JSON.stringify({ username: 'mara', key: 'A'.repeat(43) }));
      fetchMock.mockImplementation(async () => new Response('{"message":"x","code":"UNAUTHENTICATED"}', { status: 401 }));
      render(<SessionProvider><Probe /></SessionProvider>);
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
      unregister();
      expect(removed).toEqual([]);
      expect(localStorage.getItem('bauakte.rememberedToken')).toBeNull();
      expect(localStorage.getItem('bauakte.rememberedDeviceKey')).toBeNull();
      expect(sessionStorage.getItem('bauakte.signedOutHere')).toBe('1');
    });

    it('logs out when another tab logged the remembered device out', async () => {
      render(<SessionProvider><Probe /></SessionProvider>);
      await act(async () => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'bauakte.rememberedToken', oldValue: token, newValue: null }));
      });
      expect(logoutCalls()).toHaveLength(1);
      expect(assign).toHaveBeenCalledWith('/login');
    });
  });

  it('keeps what the browser keeps of the user when an ordinary session expires', async () => {
    const removed: string[] = [];
    const unregister = onUserDataRemoval(async (username) => void removed.push(username));
    fetchMock.mockImplementation(async () => new Response('{"message":"x","code":"UNAUTHENTICATED"}', { status: 401 }));
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    unregister();
    expect(removed).toEqual([]);
    expect(sessionStorage.getItem('bauakte.signedOutHere')).toBeNull();
  });

  it('removes what the browser keeps of the user when the server says an ordinary session was ended', async () => {
    const removed: string[] = [];
    const unregister = onUserDataRemoval(async (username) => void removed.push(username));
    fetchMock.mockImplementation(async () => new Response('{"message":"x","code":"SESSION_REVOKED"}', { status: 401 }));
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    unregister();
    expect(removed).toEqual(['mara']);
  });

  it("asks the server for this device's key after the login and keeps it in the tab, not beyond", async () => {
    const key = btoa(String.fromCharCode(...new Uint8Array(32).fill(7))).replace(/=+$/, '');
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/auth/device-key/') ? new Response(JSON.stringify({ key }), { status: 200, headers: { 'content-type': 'application/json' } }) : new Response(null, { status: 204 }),
    );
    render(<SessionProvider><Probe /></SessionProvider>);
    await waitFor(() => expect(sessionStorage.getItem('bauakte.deviceKey')).not.toBeNull());
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).includes('/auth/device-key/'))! as [string, RequestInit];
    expect(url).toBe('/api/auth/device-key/mara');
    expect(JSON.parse(String(init.body))).toEqual({ deviceId: localStorage.getItem('bauakte.deviceId') });
    expect(localStorage.getItem('bauakte.rememberedDeviceKey')).toBeNull();
    await act(async () => screen.getByText('abmelden').click());
    expect(sessionStorage.getItem('bauakte.deviceKey')).toBeNull();
  });
});
