import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveDestinations } from '@bauakte/domain/labels';
import { fileKeys, projectKeys } from '../../lib/query-keys';
import { useLiveChat } from '../../platform/live/live-chat-context';

/**
 * Keeps the project's file list current while it is shown: the live channel says that someone
 * uploaded a plan or a new version of one (ids only), and the list — with the plans' versions — is
 * read again, so a tile shows 'Version N · date' and an open viewer offers the new version without
 * a reload. When the connection comes back the list is read again too, as news may have been missed.
 */
export function useLiveFiles(projectId: string): void {
  const queryClient = useQueryClient();
  const { channel, connected } = useLiveChat();
  // The first connection needs no reread: the list has just been fetched with the page.
  const connectedBefore = useRef(false);

  useEffect(() => {
    if (!channel || !connected || projectId === '') return undefined;
    const reread = () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) });
      // A new version is an entry of the 'Änderungsverlauf'.
      void queryClient.invalidateQueries({ queryKey: projectKeys.changes(projectId) });
    };
    const unsubscribe = channel.subscribe(liveDestinations.projectFiles(Number(projectId)), reread);
    if (connectedBefore.current) reread();
    connectedBefore.current = true;
    return unsubscribe;
  }, [channel, connected, projectId, queryClient]);
}
