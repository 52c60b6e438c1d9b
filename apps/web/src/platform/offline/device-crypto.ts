/**
 * What the device keeps of a user (read cache, thumbnails, waiting changes) is encrypted with a key
 * of that user on this device: AES-GCM with a random 96-bit IV per record, through WebCrypto. The
 * key comes from the server after a login (the same for the same account and device every time) and
 * is held here in memory as a non-extractable CryptoKey; its raw bytes are kept beside the session's
 * token only (sessionStorage, and localStorage for a remembered device), so with the session ended
 * nothing kept is readable, also not from the browser's developer tools.
 */
export interface Sealed {
  iv: Uint8Array;
  ciphertext: ArrayBuffer;
}

/** Where the key's bytes wait beside the token: a normal session's in the tab, a remembered device's on the device. */
const tabKeyName = 'bauakte.deviceKey';
const rememberedKeyName = 'bauakte.rememberedDeviceKey';
/** The browser's device id: made once at random, not secret (the key also needs the server's secret). */
const deviceIdName = 'bauakte.deviceId';

const ivBytes = 12;

export function importDeviceKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw as BufferSource, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export async function sealBytes(key: CryptoKey, bytes: BufferSource): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(ivBytes));
  return { iv, ciphertext: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes) };
}

/** The bytes, or undefined for a record of another key or a damaged one (the caller drops it). */
export async function openBytes(key: CryptoKey, sealed: unknown): Promise<ArrayBuffer | undefined> {
  if (!isSealed(sealed)) return undefined;
  try {
    return await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv as BufferSource }, key, sealed.ciphertext);
  } catch {
    return undefined;
  }
}

export const sealJson = (key: CryptoKey, value: unknown): Promise<Sealed> => sealBytes(key, new TextEncoder().encode(JSON.stringify(value)));

/** The value, or undefined when it cannot be decrypted or read. */
export async function openJson(key: CryptoKey, sealed: unknown): Promise<unknown> {
  const bytes = await openBytes(key, sealed);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** IV and ciphertext in one buffer, for a store that keeps bytes (Cache Storage). */
export function joinSealed(sealed: Sealed): Uint8Array {
  const joined = new Uint8Array(sealed.iv.length + sealed.ciphertext.byteLength);
  joined.set(sealed.iv);
  joined.set(new Uint8Array(sealed.ciphertext), sealed.iv.length);
  return joined;
}

export function splitSealed(bytes: ArrayBuffer): Sealed | undefined {
  if (bytes.byteLength <= ivBytes) return undefined;
  return { iv: new Uint8Array(bytes.slice(0, ivBytes)), ciphertext: bytes.slice(ivBytes) };
}

function isSealed(value: unknown): value is Sealed {
  if (typeof value !== 'object' || value === null) return false;
  const { iv, ciphertext } = value as Record<string, unknown>;
  // By their tags, not instanceof: a record read back from IndexedDB may come from another realm.
  const tag = (part: unknown) => Object.prototype.toString.call(part);
  return tag(iv) === '[object Uint8Array]' && (iv as Uint8Array).length === ivBytes && tag(ciphertext) === '[object ArrayBuffer]';
}

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
}

/** This browser's device id, made on first use. */
export function deviceId(): string {
  const kept = localStorage.getItem(deviceIdName);
  if (kept && /^[A-Za-z0-9_-]{16,100}$/.test(kept)) return kept;
  const made = toBase64Url(crypto.getRandomValues(new Uint8Array(18)));
  localStorage.setItem(deviceIdName, made);
  return made;
}

interface HeldKey {
  username: string;
  key: CryptoKey;
}

let held: HeldKey | undefined;
/** The user whose key cannot be had now (none kept, and no connection to ask): nothing of theirs is read. */
let unavailableFor: string | undefined;
const listeners = new Set<() => void>();
const told = () => {
  for (const listener of listeners) listener();
};

interface StoredKey {
  username: string;
  key: string;
}

function readStoredKey(name: string, storage: Storage): StoredKey | undefined {
  try {
    const stored: unknown = JSON.parse(storage.getItem(name) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { username, key } = stored as Record<string, unknown>;
    return typeof username === 'string' && typeof key === 'string' ? { username, key } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Holds the user's key (from the server's answer, base64url) in memory and beside the token: in the
 * tab, and with a remembered device on the device as well.
 */
export async function holdDeviceKey(username: string, rawKey: string, remembered: boolean): Promise<void> {
  const user = username.toLowerCase();
  const stored = JSON.stringify({ username: user, key: rawKey });
  sessionStorage.setItem(tabKeyName, stored);
  if (remembered) localStorage.setItem(rememberedKeyName, stored);
  else localStorage.removeItem(rememberedKeyName);
  held = { username: user, key: await importDeviceKey(fromBase64Url(rawKey)) };
  unavailableFor = undefined;
  told();
}

/**
 * No key for the user now: none kept beside the token and the server not reachable (a session from
 * before keys, opened offline). What waits for it stops waiting and reads nothing, until one is held.
 */
export function markDeviceKeyUnavailable(username: string): void {
  if (currentDeviceKey(username)) return;
  unavailableFor = username.toLowerCase();
  told();
}

/** The key kept beside the token for this user: the tab's, else the remembered device's. */
const storedKeyOf = (user: string): StoredKey | undefined =>
  [readStoredKey(tabKeyName, sessionStorage), readStoredKey(rememberedKeyName, localStorage)].find((kept) => kept?.username === user);

/** A restore under way: a start reading kept data early and the session provider share one import, so the key held is one object. */
let restoring: { username: string; done: Promise<boolean> } | undefined;

/** At a page's start: the key kept beside the token (the tab's, else the remembered device's) for this user. */
export function restoreDeviceKey(username: string): Promise<boolean> {
  const user = username.toLowerCase();
  if (held?.username === user) return Promise.resolve(true);
  if (restoring?.username === user) return restoring.done;
  const done = importStoredKey(user).finally(() => {
    if (restoring?.done === done) restoring = undefined;
  });
  restoring = { username: user, done };
  return done;
}

async function importStoredKey(user: string): Promise<boolean> {
  const stored = storedKeyOf(user);
  if (!stored) return false;
  let key: CryptoKey;
  try {
    key = await importDeviceKey(fromBase64Url(stored.key));
  } catch {
    return false;
  }
  // The session may have ended while the key was imported: a forgotten key is not held again.
  if (storedKeyOf(user)?.key !== stored.key) return false;
  held = { username: user, key };
  told();
  return true;
}

/** The session ended (logout, expiry, refusal): the key goes from memory and storage; what is kept stays unreadable. */
export function forgetDeviceKey(): void {
  sessionStorage.removeItem(tabKeyName);
  localStorage.removeItem(rememberedKeyName);
  held = undefined;
  unavailableFor = undefined;
  told();
}

/** The user's key if held now. */
export function currentDeviceKey(username: string): CryptoKey | undefined {
  return held?.username === username.toLowerCase() ? held.key : undefined;
}

const isUnavailable = (username: string) => unavailableFor === username.toLowerCase();

/** Resolves with the user's key once it is held (at once if it is), or undefined once it cannot be had now. */
export function whenDeviceKey(username: string): Promise<CryptoKey | undefined> {
  const now = currentDeviceKey(username);
  if (now || isUnavailable(username)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const check = () => {
      const key = currentDeviceKey(username);
      if (!key && !isUnavailable(username)) return;
      listeners.delete(check);
      resolve(key);
    };
    listeners.add(check);
  });
}

export function subscribeDeviceKey(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** For tests: a key of their own in memory. */
export function holdKeyForTest(username: string, key: CryptoKey | undefined): void {
  held = key ? { username: username.toLowerCase(), key } : undefined;
  told();
}
