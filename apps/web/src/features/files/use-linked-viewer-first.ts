import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { planLinkParameters } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { useSearchParams } from 'react-router';
import { projectFilesQuery } from './files-api';
import { linkedPlan } from './plan-link';

/** Whether a tile of the list opens the link's plan: its current version, or an older one it names. */
function opensLink(files: readonly ProjectFile[], params: URLSearchParams): boolean {
  const link = linkedPlan(params);
  if (!link) return false;
  const ofPlan = params.get(planLinkParameters.ofPlan);
  return files.some((file) => String(file.id) === link.fileId || (ofPlan !== null && String(file.planId) === ofPlan));
}

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
  const waiting = startedOnLink && !ended && (listComing || (files.isSuccess && opensLink(files.data, params)));
  useEffect(() => {
    if (startedOnLink && !waiting) setEnded(true);
  }, [startedOnLink, waiting]);
  return waiting;
}
