import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { projectFilesQuery } from './files-api';
import { linkedPlan, linkToTile } from './plan-link';

/**
 * A page opened on a plan link (a notice mail's, a bookmark) shows the plan first: what lies
 * beneath the viewer and below the files waits until the viewer closes (the link leaves the
 * address then), so its code, data and drawing do not come before the plan's first page. True
 * while it waits; false at once for a link no tile opens, and for good once it ended.
 */
export function useLinkedViewerFirst(projectId: string): boolean {
  const [params] = useSearchParams();
  const files = useQuery(projectFilesQuery(projectId));
  const [startedOnLink] = useState(() => linkedPlan(params) !== null);
  const [ended, setEnded] = useState(false);
  // A list that waits for a connection (offline, not kept) opens no viewer either.
  const listComing = files.isPending && files.fetchStatus !== 'paused';
  const waiting = startedOnLink && !ended && (listComing || (files.isSuccess && files.data.some((file) => linkToTile(params, file) !== null)));
  useEffect(() => {
    if (startedOnLink && !waiting) setEnded(true);
  }, [startedOnLink, waiting]);
  return waiting;
}
