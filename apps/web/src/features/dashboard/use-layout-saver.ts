import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DashboardName } from '@bauakte/domain/schemas';
import { dashboardLayoutKeys } from '../../lib/query-keys';
import { saveLayout } from './dashboard-layout-api';
import { sameLayout, type CardLayout } from './dashboard-layout';

/** A drag often comes in several small moves: only the layout the user settles on is saved. */
export const layoutSaveDelayMs = 800;

/**
 * Saves the layout a moment after the last change (and at once when the page is left), but only when
 * it differs from what the server holds: the grid reports its layout on mount as well.
 */
export function useLayoutSaver(dashboard: DashboardName, initial: CardLayout) {
  const queryClient = useQueryClient();
  const saved = useRef<CardLayout>(initial);
  const pending = useRef<CardLayout | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (!next || sameLayout(next, saved.current)) return;
    const previous = saved.current;
    saved.current = next;
    saveLayout(dashboard, next)
      .then(() => {
        setFailed(false);
        queryClient.setQueryData(dashboardLayoutKeys.of(dashboard), next);
      })
      .catch((error: unknown) => {
        saved.current = previous;
        setFailed(true);
        console.error('Dashboard-Layout nicht gespeichert', error);
      });
  }, [dashboard, queryClient]);

  const schedule = useCallback(
    (layout: CardLayout) => {
      pending.current = layout;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, layoutSaveDelayMs);
    },
    [flush],
  );

  useEffect(() => flush, [flush]);

  return { schedule, failed };
}
