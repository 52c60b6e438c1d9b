import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setPictureUser } from './read-cache-pictures';
import { startReadCache } from './read-cache';

/** The logged-in pages keep this user's read cache and pictures, and only this user's. */
export function useReadCache(username: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!username) return;
    setPictureUser(username);
    const stop = startReadCache(client, username);
    return () => {
      stop();
      setPictureUser(undefined);
    };
  }, [client, username]);
}
