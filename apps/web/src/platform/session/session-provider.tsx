import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NetworkError, setUnauthorizedListener } from '../../lib/api';
import { hasErrorCode } from '../../lib/api-errors';
import { removeChatDrafts } from '../../lib/chat-drafts';
import { storageKeys } from '../../lib/storage-keys';
import { userFromToken, type SessionUser } from '../../lib/token';
import { deStart as de } from '../../i18n/de-start';
import { removeUserData } from '../../lib/user-data';
import {
  adoptRememberedSession,
  forgetRememberedToken,
  forgetSignedOutNote,
  isRememberedSession,
  keepOnDevice,
  noteSignedOutHere,
  rememberedTokenKey,
} from '../../lib/remembered-session';
import { deviceId, forgetDeviceKey, holdDeviceKey, markDeviceKeyUnavailable, restoreDeviceKey } from '../offline/device-crypto';
import { fetchCurrentUser, fetchDeviceKey, logout as logoutOnServer, sendLogoutBeacon } from './auth-api';
import { rememberLogout, tellPendingLogouts } from './pending-logout';
import { SessionContext, type SessionState } from './session-context';

function readStoredUser(): SessionUser | null {
  adoptRememberedSession();
  const token = sessionStorage.getItem(storageKeys.token);
  return token ? userFromToken(token) : null;
}

function clearStoredSession(username: string | undefined): void {
  sessionStorage.removeItem(storageKeys.token);
  sessionStorage.removeItem(storageKeys.projectId);
  forgetRememberedToken();
  // What the device keeps of the user stays, encrypted, unreadable until their next login here.
  forgetDeviceKey();
  // Unsent chat messages are the user's: the next one to log in at this browser must not see them.
  if (username !== undefined) removeChatDrafts(username);
}

/** A full page load, as the spec asks after logout: nothing of the old session survives in memory. */
function loadLoginPage(): void {
  window.location.assign('/login');
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(readStoredUser);
  const userRef = useRef(user);
  userRef.current = user;

  /**
   * Ends the session in this browser. The key goes first: while the user's data is removed, nothing
   * of theirs can be kept again (a read cache starting now waits for a key that does not come).
   */
  const endLocally = useCallback(async ({ removeData }: { removeData: boolean }) => {
    const username = userRef.current?.username;
    clearStoredSession(username);
    if (removeData && username !== undefined) await removeUserData(username);
    setUser(null);
    loadLoginPage();
  }, []);

  /**
   * The server refused the token. A session that was ended (from another device, by a password
   * change, a deleted account: SESSION_REVOKED) takes what the device keeps of the user with it, as a
   * logout does, waiting changes included. One that ran out (expired, or a remembered device unused
   * for its days) keeps it, encrypted and without its key, for the same user's next login here. A
   * remembered device's login says it was signed out.
   */
  const refused = useRef(false);
  const endRefused = useCallback(
    ({ revoked }: { revoked: boolean }) => {
      // The page's first requests are refused together: the session ends once.
      if (refused.current) return;
      refused.current = true;
      const current = userRef.current;
      if (current && isRememberedSession()) noteSignedOutHere();
      void endLocally({ removeData: current !== null && revoked });
    },
    [endLocally],
  );

  const logout = useCallback(async () => {
    const current = userRef.current;
    if (!current) return;
    try {
      await logoutOnServer(current.username);
    } catch (error) {
      if (error instanceof NetworkError) {
        // Without a connection the logout ends here, at once; the server hears of it when one is back.
        if (current.sessionId) rememberLogout({ username: current.username, sessionId: current.sessionId });
      } else if (!hasErrorCode(error, 'UNAUTHENTICATED') && !hasErrorCode(error, 'SESSION_REVOKED')) {
        // A token the server no longer knows is as good as logged out; any other answer keeps the session.
        console.error(de.session.logoutFailed, error);
        return;
      }
    }
    // Only a logout clears what this browser keeps of the user; an expired session keeps it for their next login.
    await endLocally({ removeData: true });
  }, [endLocally]);

  const startSession = useCallback((token: string, remember = false) => {
    const next = userFromToken(token);
    if (next) {
      sessionStorage.setItem(storageKeys.token, token);
      keepOnDevice(token, remember);
      forgetSignedOutNote();
    }
    setUser(next);
    return next;
  }, []);

  // The server may have ended the session (logout elsewhere, password change, expiry).
  useEffect(() => {
    setUnauthorizedListener(endRefused);
    return () => setUnauthorizedListener(undefined);
  }, [endRefused]);

  // The user's device key: from beside the token, else from the server (at the login, or when the
  // connection is back); what the device keeps of them is read and written with it only.
  const username = user?.username;
  useEffect(() => {
    if (!username) return undefined;
    let cancelled = false;
    const obtain = async () => {
      if (await restoreDeviceKey(username)) return;
      const { key } = await fetchDeviceKey(username, deviceId());
      if (!cancelled) await holdDeviceKey(username, key, isRememberedSession());
    };
    // Without a connection and no key kept, the pages read nothing kept (and say so) until one comes.
    const tryObtain = () => void obtain().catch((error: unknown) => void (error instanceof NetworkError && markDeviceKeyUnavailable(username)));
    tryObtain();
    window.addEventListener('online', tryObtain);
    return () => {
      cancelled = true;
      window.removeEventListener('online', tryObtain);
    };
  }, [username]);

  // Logouts made at this browser without a connection are told at every start and when the connection is back.
  useEffect(() => {
    const tell = () => void tellPendingLogouts();
    tell();
    window.addEventListener('online', tell);
    return () => window.removeEventListener('online', tell);
  }, []);

  // Confirms the stored token on start; this also tells the server a reload is no tab close.
  useEffect(() => {
    if (!userRef.current) return;
    fetchCurrentUser().catch(() => undefined);
  }, []);

  // Removing 'token' from storage (e.g. by another script or tab) logs out; so does a logout of the
  // remembered device in another tab, which removes its token from localStorage.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.token && event.newValue === null) void logout();
      const wasThisSession = event.oldValue !== null && event.oldValue === sessionStorage.getItem(storageKeys.token);
      if (event.key === rememberedTokenKey && event.newValue === null && wasThisSession) void logout();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout]);

  // The logout beacon on unload or window close; a remembered device stays signed in.
  useEffect(() => {
    const onPageHide = () => {
      const token = sessionStorage.getItem(storageKeys.token);
      const current = userRef.current;
      if (token && current && !isRememberedSession()) sendLogoutBeacon(current.username, token);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  const value = useMemo<SessionState>(() => ({ user, startSession, logout }), [user, startSession, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
