import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveDestinations } from '@bauakte/domain/labels';
import { pinKeys, projectKeys } from '../../../lib/query-keys';
import { useLiveChat } from '../../../platform/live/live-chat-context';
import { fetchPins } from './pins-api';

/** What the live channel says about a change of pins: which file's, never the pin itself. */
const fileIdOf = (body: unknown): number | null => {
  const fileId = typeof body === 'object' && body !== null ? (body as { fileId?: unknown }).fileId : undefined;
  return typeof fileId === 'number' ? fileId : null;
};

/**
 * The pins on a file, read again whenever the live channel says someone placed, moved, changed or
 * deleted one on it (and when the connection comes back, as changes may have been missed).
 */
export function usePins(projectId: string, fileId: number) {
  const queryClient = useQueryClient();
  const { channel, connected } = useLiveChat();

  useEffect(() => {
    if (!channel || !connected) return undefined;
    void queryClient.invalidateQueries({ queryKey: pinKeys.file(projectId, fileId) });
    return channel.subscribe(liveDestinations.projectPins(Number(projectId)), (body) => {
      const changed = fileIdOf(body);
      if (changed === null) return;
      void queryClient.invalidateQueries({ queryKey: pinKeys.file(projectId, changed) });
      // A pin or reply may have brought photos along.
      void queryClient.invalidateQueries({ queryKey: pinKeys.photos(projectId) });
      // A new pin is an entry of the 'Änderungsverlauf' behind the viewer.
      void queryClient.invalidateQueries({ queryKey: projectKeys.changes(projectId) });
    });
  }, [channel, connected, projectId, fileId, queryClient]);

  return useQuery({ queryKey: pinKeys.file(projectId, fileId), queryFn: () => fetchPins(projectId, fileId) });
}
