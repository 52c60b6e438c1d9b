import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NetworkError, setUnauthorizedListener } from '../../lib/api';
import { hasErrorCode } from '../../lib/api-errors';
import { removeChatDrafts } from '../../lib/chat-drafts';
import { storageKeys } from '../../lib/storage-keys';
import { userFromToken, type SessionUser } from '../../lib/token';
import { deStart as de } from '../../i18n/de-start';
import { removeUserData } from '../../lib/user-data';
import { fetchCurrentUser, logout as logoutOnServer, sendLogoutBeacon } from './auth-api';
import { rememberLogout, tellPendingLogouts } from './pending-logout';
import { SessionContext, type SessionState } from './session-context';

function readStoredUser(): SessionUser | null {
  const token = sessionStorage.getItem(storageKeys.token);
  return token ? userFromToken(token) : null;
}

function clearStoredSession(username: string | undefined): void {
  sessionStorage.removeItem(storageKeys.token);
  sessionStorage.removeItem(storageKeys.projectId);
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

  const endLocally = useCallback(() => {
    clearStoredSession(userRef.current?.username);
    setUser(null);
    loadLoginPage();
  }, []);

  const logout = useCallback(async () => {
    const current = userRef.current;
    if (!current) return;
    try {
      await logoutOnServer(current.username);
    } catch (error) {
      if (error instanceof NetworkError) {
        // Without a connection the logout ends here, at once; the server hears of it when one is back.
        if (current.sessionId) rememberLogout({ username: current.username, sessionId: current.sessionId });
      } else if (!hasErrorCode(error, 'UNAUTHENTICATED')) {
        // A token the server no longer knows is as good as logged out; any other answer keeps the session.
        console.error(de.session.logoutFailed, error);
        return;
      }
    }
    // Only a logout clears what this browser keeps of the user; an expired session keeps it for their next login.
    await removeUserData(current.username);
    endLocally();
  }, [endLocally]);

  const startSession = useCallback((token: string) => {
    const next = userFromToken(token);
    if (next) sessionStorage.setItem(storageKeys.token, token);
    setUser(next);
    return next;
  }, []);

  // The server may have ended the session (logout elsewhere, password change, expiry).
  useEffect(() => {
    setUnauthorizedListener(endLocally);
    return () => setUnauthorizedListener(undefined);
  }, [endLocally]);

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

  // Removing 'token' from storage (e.g. by another script or tab) logs out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.token && event.newValue === null) void logout();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout]);

  // The logout beacon on unload or window close.
  useEffect(() => {
    const onPageHide = () => {
      const token = sessionStorage.getItem(storageKeys.token);
      const current = userRef.current;
      if (token && current) sendLogoutBeacon(current.username, token);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  const value = useMemo<SessionState>(() => ({ user, startSession, logout }), [user, startSession, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
