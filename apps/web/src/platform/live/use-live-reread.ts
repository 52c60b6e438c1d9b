import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveChat } from './live-chat-context';

/**
 * Reads the queries again whenever the live channel announces a change on the destination (the
 * server sends ids only; the page reads what changed over REST). `join`: a reading already under
 * way serves, for a query many parts of a page listen for at once (the dashboards' counts);
 * otherwise a reading that may have started before the change is started again.
 */
export function useLiveReread(destination: string | null, queryKeys: readonly QueryKey[], reading: 'restart' | 'join' = 'restart'): void {
  const queryClient = useQueryClient();
  const { channel, connected } = useLiveChat();
  // By value: callers pass the keys inline, and a new array each render must not subscribe again.
  const keys = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!channel || !connected || !destination) return undefined;
    const reread = JSON.parse(keys) as QueryKey[];
    return channel.subscribe(destination, () => {
      for (const queryKey of reread) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: reading === 'restart' });
    });
  }, [channel, connected, destination, keys, queryClient, reading]);
}
