import { storageKeys } from './storage-keys';

/**
 * 'Auf diesem Gerät angemeldet bleiben': the token of such a login is kept in localStorage as well,
 * which outlives the window, so that a new tab or the installed app opened again starts signed in
 * (the server's session of a remembered device ends with no unload beacon). A login without the
 * opt-in keeps its token in sessionStorage only, which ends with the window, as the spec asks.
 */
export const rememberedTokenKey = 'bauakte.rememberedToken';

/** Set when the server refused a remembered device: the login page says why. */
const signedOutNoteKey = 'bauakte.signedOutHere';

export function rememberedToken(): string | null {
  try {
    return localStorage.getItem(rememberedTokenKey);
  } catch {
    return null;
  }
}

/** A tab that starts without a token takes the remembered device's: before anything reads the token. */
export function adoptRememberedSession(): void {
  const token = rememberedToken();
  if (token && sessionStorage.getItem(storageKeys.token) === null) sessionStorage.setItem(storageKeys.token, token);
}

/** Keeps the token for this device's later tabs (or, without the opt-in, forgets any kept before). */
export function keepOnDevice(token: string, remember: boolean): void {
  if (remember) localStorage.setItem(rememberedTokenKey, token);
  else localStorage.removeItem(rememberedTokenKey);
}

export function forgetRememberedToken(): void {
  localStorage.removeItem(rememberedTokenKey);
}

/** Whether this tab's session is the remembered device's (it sends no unload beacon). */
export function isRememberedSession(): boolean {
  const token = sessionStorage.getItem(storageKeys.token);
  return token !== null && token === rememberedToken();
}

export function noteSignedOutHere(): void {
  sessionStorage.setItem(signedOutNoteKey, '1');
}

/**
 * Whether the login page is to say 'Sie wurden auf diesem Gerät abgemeldet.'. It stays until the next
 * login (`forgetSignedOutNote`): the page shows the login twice, by the router and by the full load.
 */
export function signedOutNoted(): boolean {
  return sessionStorage.getItem(signedOutNoteKey) !== null;
}

export function forgetSignedOutNote(): void {
  sessionStorage.removeItem(signedOutNoteKey);
}
