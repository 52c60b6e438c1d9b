import { useEffect, useState } from 'react';
import { isOnline } from '../../lib/online-status';
import { currentDeviceKey, whenDeviceKey, joinSealed, openBytes, sealBytes, splitSealed } from './device-crypto';

/**
 * The thumbnails a user saw, kept in a Cache Storage of their own ('bauakte-pictures-<username>'),
 * so the file list shows them offline. Their signed links change every few minutes, so a picture
 * is kept by what it shows (the file's id and version), never by its link, and encrypted with the
 * user's device key (IV and ciphertext as the entry's body): the cache holds no readable picture.
 */
export function picturesCacheName(username: string): string {
  return `bauakte-pictures-${encodeURIComponent(username.toLowerCase())}`;
}

/** The most thumbnails a device keeps for one user (a few kB each). */
export const maxPictures = 500;

let pictureUser: string | undefined;

/** The logged-in user whose pictures are kept (set by the app shell); none, none are kept. */
export function setPictureUser(username: string | undefined): void {
  pictureUser = username?.toLowerCase();
}

/** The logged-in user whose pictures and plan pages are kept, if any. */
export const keptPictureUser = (): string | undefined => pictureUser;

/**
 * Where a kept picture is filed in the user's Cache Storage. As an image's source it is no link to
 * any data: the server answers it with the app's page, the image fails, and the kept copy is shown.
 */
export const keptPictureAddress = (key: string): string => `/offline-pictures/${encodeURIComponent(key)}`;

const pictureRequest = (key: string) => new Request(keptPictureAddress(key));
const hasCacheStorage = () => typeof caches !== 'undefined';

/** Keeps the picture unless it is kept already; resolves to the bytes it takes on the device (0: not kept now). */
export async function rememberPicture(key: string, src: string): Promise<number> {
  const username = pictureUser;
  const deviceKey = username ? currentDeviceKey(username) : undefined;
  if (!username || !deviceKey || !hasCacheStorage() || src.startsWith('blob:')) return 0;
  const cache = await caches.open(picturesCacheName(username));
  const already = await cache.match(pictureRequest(key));
  if (already) return (await already.arrayBuffer()).byteLength;
  const response = await fetch(src, { credentials: 'omit' });
  // Only if the user is still the same: a logout in between has removed their pictures.
  if (!response.ok || pictureUser !== username) return 0;
  const sealed = joinSealed(await sealBytes(deviceKey, await response.arrayBuffer()));
  await cache.put(pictureRequest(key), new Response(sealed as BodyInit, { headers: { 'content-type': 'application/octet-stream' } }));
  // The cache lists its entries oldest first: beyond the limit the pictures seen longest ago go.
  const kept = await cache.keys();
  await Promise.all(kept.slice(0, Math.max(0, kept.length - maxPictures)).map((request) => cache.delete(request)));
  return sealed.byteLength;
}

/** Deletes the kept pictures of these keys (a project's files, when its offline data is removed). */
export async function forgetPictures(keys: readonly string[]): Promise<void> {
  const username = pictureUser;
  if (!username || !hasCacheStorage() || keys.length === 0) return;
  const cache = await caches.open(picturesCacheName(username));
  await Promise.all(keys.map((key) => cache.delete(pictureRequest(key))));
}

/** The kept picture, decrypted; one that does not decrypt (another key, damaged, plain from before) is deleted. */
export async function recallPicture(key: string): Promise<Blob | undefined> {
  const username = pictureUser;
  if (!username || !hasCacheStorage()) return undefined;
  // At a page's start the key may still be on its way from storage.
  const deviceKey = await whenDeviceKey(username);
  if (!deviceKey) return undefined;
  const cache = await caches.open(picturesCacheName(username));
  const kept = await cache.match(pictureRequest(key));
  if (!kept) return undefined;
  const sealed = splitSealed(await kept.arrayBuffer());
  const bytes = sealed ? await openBytes(deviceKey, sealed) : undefined;
  if (bytes) return new Blob([bytes]);
  await cache.delete(pictureRequest(key));
  return undefined;
}

export async function removeCachedPictures(username: string): Promise<void> {
  if (!hasCacheStorage()) return;
  await caches.delete(picturesCacheName(username));
}

/**
 * A thumbnail's source: its link while it loads, the kept copy when it cannot (offline). Spread the
 * result onto the <img>.
 */
export function useKeptPicture(src: string, key: string): { src: string; onLoad(): void; onError(): void } {
  const [kept, setKept] = useState<string | undefined>();
  const [wantKept, setWantKept] = useState(() => !isOnline());
  useEffect(() => {
    if (!wantKept) return;
    let url: string | undefined;
    let cancelled = false;
    void recallPicture(key)
      .then((blob) => {
        if (!blob || cancelled) return;
        url = URL.createObjectURL(blob);
        setKept(url);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, wantKept]);
  return {
    src: kept ?? src,
    onLoad: () => {
      if (!kept) void rememberPicture(key, src).catch(() => undefined);
    },
    onError: () => setWantKept(true),
  };
}
