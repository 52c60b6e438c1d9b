import { useEffect, useRef } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { liveDestinations } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { fileKeys, projectKeys } from '../../lib/query-keys';
import { useLiveChat } from '../../platform/live/live-chat-context';

/** Whether the list as read shows a PDF whose first page was still being made: its end will be announced. */
function waitsForPreview(files: ProjectFile[] | undefined): boolean {
  return files?.some((file) => file.previewPending) ?? false;
}

/**
 * Keeps the project's file list current while it is shown: the live channel says that someone
 * uploaded a plan or a new version of one, or that a PDF's first page is made (ids only), and the
 * list — with the plans' versions — is read again, so a tile shows 'Version N · date' and an open
 * viewer offers the new version without a reload. What happened between the list's read and the
 * server's taking the subscription is not announced to it: once the server has taken it, the list is
 * read again after a reconnect, and on the first connection where the list waits for a preview.
 */
export function useLiveFiles(projectId: string): void {
  const queryClient = useQueryClient();
  const { channel, connected } = useLiveChat();
  // The first connection needs no reread otherwise: the list has just been fetched with the page.
  const connectedBefore = useRef(false);

  useEffect(() => {
    if (!channel || !connected || projectId === '') return undefined;
    const reread = () => {
      void queryClient.invalidateQueries({ queryKey: fileKeys.list(projectId) });
      // A new version is an entry of the 'Änderungsverlauf'.
      void queryClient.invalidateQueries({ queryKey: projectKeys.changes(projectId) });
      // A photo added to a question or removed from it is announced on the same topic.
      void queryClient.invalidateQueries({ queryKey: fileKeys.questionPhotos(projectId) });
    };
    const reconnected = connectedBefore.current;
    connectedBefore.current = true;
    let stopWatching = () => {};
    const onActive = () => {
      if (reconnected) return reread();
      const key = fileKeys.list(projectId);
      const state = queryClient.getQueryState<ProjectFile[]>(key);
      if (state?.data !== undefined && state.fetchStatus !== 'fetching') {
        if (waitsForPreview(state.data)) reread();
        return;
      }
      // The list is still on its way, perhaps read before the server took the subscription: looked at once it is there.
      stopWatching();
      stopWatching = queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== hashKey(key)) return;
        stopWatching();
        // Outside the cache's notification, which must not be re-entered.
        if (waitsForPreview(event.query.state.data as ProjectFile[] | undefined)) queueMicrotask(reread);
      });
    };
    const unsubscribe = channel.subscribe(liveDestinations.projectFiles(Number(projectId)), reread, onActive);
    return () => {
      stopWatching();
      unsubscribe();
    };
  }, [channel, connected, projectId, queryClient]);
}
