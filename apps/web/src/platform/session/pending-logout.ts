import { ApiError, NetworkError } from '../../lib/api';
import { tellLogout } from './auth-api';

/**
 * A logout made without a connection ends the session on the device at once; the server hears of
 * it when a page of this browser next starts online (or the connection comes back while one is
 * open). What waits in localStorage — it must outlive the tab — is the session's id and the
 * username: enough to end that session, never to start one (that needs the signed token, which is
 * gone with the logout).
 */
const storageKey = 'bauakte.pendingLogouts';

/** The most logouts kept waiting: a shared device sees a few people a day, not hundreds. */
const maxPending = 20;

export interface PendingLogout {
  username: string;
  sessionId: string;
}

const isPendingLogout = (value: unknown): value is PendingLogout =>
  typeof value === 'object' && value !== null && typeof (value as PendingLogout).username === 'string' && typeof (value as PendingLogout).sessionId === 'string';

export function pendingLogouts(): PendingLogout[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isPendingLogout) : [];
  } catch {
    return [];
  }
}

function keep(logouts: PendingLogout[]): void {
  if (logouts.length === 0) localStorage.removeItem(storageKey);
  else localStorage.setItem(storageKey, JSON.stringify(logouts.slice(-maxPending)));
}

/** Keeps a logout to tell the server once there is a connection. */
export function rememberLogout(logout: PendingLogout): void {
  keep([...pendingLogouts().filter((kept) => kept.sessionId !== logout.sessionId), logout]);
}

let telling: Promise<void> | undefined;
let askedAgain = false;

async function tellAll(): Promise<void> {
  for (const logout of pendingLogouts()) {
    try {
      await tellLogout(logout.username, logout.sessionId);
    } catch (error) {
      if (error instanceof NetworkError) return;
      if (error instanceof ApiError && (error.status === 429 || error.status >= 500)) return;
    }
    keep(pendingLogouts().filter((kept) => kept.sessionId !== logout.sessionId));
  }
}

/**
 * Tells the server every waiting logout, without the current session's token (it ends the named
 * session, not the caller's). One the server answered — ended, or a session it no longer knows —
 * is done; one that found no connection or a busy server waits for the next try. Asked again while
 * telling (the connection came back meanwhile), it tries once more after.
 */
export function tellPendingLogouts(): Promise<void> {
  if (telling) {
    askedAgain = true;
    return telling;
  }
  telling = tellAll().finally(() => {
    telling = undefined;
    if (!askedAgain) return;
    askedAgain = false;
    void tellPendingLogouts();
  });
  return telling;
}
