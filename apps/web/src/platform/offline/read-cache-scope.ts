import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setPictureUser } from './read-cache-pictures';
import { startReadCache } from './read-cache';
import { currentDeviceKey, subscribeDeviceKey } from './device-crypto';

/** The logged-in pages keep this user's read cache and pictures, and only this user's. */
export function useReadCache(username: string | undefined): void {
  const client = useQueryClient();
  // Started again when the user's key comes (or goes): a cache started without one keeps nothing.
  const hasKey = useSyncExternalStore(subscribeDeviceKey, () => username !== undefined && currentDeviceKey(username) !== undefined);
  useEffect(() => {
    if (!username) return;
    setPictureUser(username);
    const stop = startReadCache(client, username);
    return () => {
      stop();
      setPictureUser(undefined);
    };
  }, [client, username, hasKey]);
}
