import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveDestinations } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';
import { clockTimeText, dayMonthText, sameViennaDay } from '../../lib/date-time';
import { offlineKeys } from '../../lib/query-keys';
import { isOnline } from '../../lib/online-status';
import { useLiveChat } from '../live/live-chat-context';
import { forgetKeptAnswers, keptAnswer, keptAnswersWritten, readCacheLoaded, subscribeReadCacheLoaded } from '../offline/read-cache';
import { removePlanPages } from '../offline/read-cache-pages';
import { forgetPictures } from '../offline/read-cache-pictures';
import { useSession } from '../session/session-context';
import { appTakeAlongSources, takeAlong, type KeptProject, type TakeAlongProgress } from './take-along';

const t = de.takeAlong;

/** What is kept is read again when the page opens online and it is older than this; and after a change the live channel announces. */
export const takeAlongRefresh = { staleAfterMs: 10 * 60_000, liveDelayMs: 5_000 } as const;

/** The project's keep as kept on the device (read from the read cache), re-read after each change. */
function useKeptProject(username: string, projectId: string): [KeptProject | null, () => void] {
  const loaded = useSyncExternalStore(subscribeReadCacheLoaded, readCacheLoaded, () => true);
  const [, setVersion] = useState(0);
  const kept = loaded ? (keptAnswer<KeptProject | null>(offlineKeys.project(username, projectId)) ?? null) : null;
  return [kept, useCallback(() => setVersion((version) => version + 1), [])];
}

const isProjectKey = (projectId: string) => (key: readonly unknown[]) =>
  (key[0] === 'projects' && (key[1] === 'detail' || key[1] === 'changes') && key[2] === projectId) ||
  (key[0] === 'questionnaire' && key[1] === projectId) ||
  (key[0] === 'files' && key[2] === projectId) ||
  (key[0] === 'pins' && key[1] === projectId) ||
  (key[0] === 'offline' && key[3] === projectId);

export function keptText(keptAt: number): string {
  const at = new Date(keptAt);
  return sameViennaDay(at, new Date()) ? t.kept(clockTimeText(at)) : t.keptDay(dayMonthText(at), clockTimeText(at));
}

/**
 * A project's keep on this device: what is kept, the progress of a keep under way, whether it
 * failed, and keep / remove; kept fresh while online (useKeptFresh).
 */
export function useTakeAlong(projectId: string) {
  const client = useQueryClient();
  const { user } = useSession();
  const username = user?.username ?? '';
  const [kept, reread] = useKeptProject(username, projectId);
  const [progress, setProgress] = useState<TakeAlongProgress | null>(null);
  const [failed, setFailed] = useState(false);
  const running = useRef(false);

  const keep = useCallback(async () => {
    if (running.current || !user) return;
    running.current = true;
    setFailed(false);
    // Asked once: a browser that grants it does not clear the kept projects when space runs low.
    void navigator.storage?.persist?.().catch(() => false);
    try {
      // Loaded when a keep starts: the steps' answers and the lists it fetches bring their code (and zod) along, which no page's start may hold.
      const appSources = await appTakeAlongSources();
      const result = await takeAlong(appSources(client, user, projectId), setProgress);
      client.setQueryData(offlineKeys.project(username, projectId), result);
      // Said kept only once it is on the device: a page closed at once keeps it too.
      if (!(await keptAnswersWritten())) {
        await forgetKeptAnswers((key) => key[0] === 'offline' && key[3] === projectId);
        setFailed(true);
      }
    } catch {
      setFailed(true);
    } finally {
      running.current = false;
      setProgress(null);
      reread();
    }
  }, [client, username, user, projectId, reread]);

  const remove = useCallback(async () => {
    const planKeys = kept?.planKeys ?? [];
    const pictureKeys = kept?.pictureKeys ?? [];
    await Promise.all([forgetKeptAnswers(isProjectKey(projectId)), removePlanPages(username, planKeys), forgetPictures(pictureKeys)]);
    client.removeQueries({ queryKey: offlineKeys.project(username, projectId) });
    reread();
  }, [client, kept, username, projectId, reread]);

  useKeptFresh(projectId, kept, keep);
  return { kept, progress, failed, keep, remove };
}

/** Kept fresh while online: at the page's opening when older than a few minutes, and after a change the live channel announces. */
function useKeptFresh(projectId: string, kept: KeptProject | null, keep: () => Promise<void>): void {
  const { channel, connected } = useLiveChat();
  const isKept = kept !== null;
  const keptAt = kept?.keptAt ?? 0;
  const checked = useRef(false);
  useEffect(() => {
    if (!isKept || checked.current || !isOnline()) return;
    checked.current = true;
    if (Date.now() - keptAt > takeAlongRefresh.staleAfterMs) void keep();
  }, [isKept, keptAt, keep]);
  useEffect(() => {
    if (!isKept || !channel || !connected) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void keep(), takeAlongRefresh.liveDelayMs);
    };
    const stops = [channel.subscribe(liveDestinations.projectFiles(Number(projectId)), later), channel.subscribe(liveDestinations.projectPins(Number(projectId)), later)];
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [isKept, channel, connected, projectId, keep]);
}


/** A keep's progress in whole percent. */
export const progressPercent = (progress: TakeAlongProgress): number => (progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0);
