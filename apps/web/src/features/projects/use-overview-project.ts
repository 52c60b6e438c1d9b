import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { de } from '../../i18n/de';
import { dashboardPathFor } from '../auth/home-path';
import { useSession } from '../auth/session-context';
import { useAlert } from '../feedback/feedback-context';
import {
  clearSelectedProject, isMissingProjectWarningSuppressed, selectProject, suppressMissingProjectWarning, useSelectedProjectId,
} from './project-selection';

/** Spec section 9: the redirect follows the missing-project warning after 500 ms. */
export const missingProjectRedirectDelayMs = 500;

const linkParameter = 'projectId';

/** A positive whole number as text, or null: a link's parameter is user input. */
function projectIdFrom(value: string | null): string | null {
  return value !== null && /^[1-9]\d{0,15}$/.test(value) ? value : null;
}

function useDashboardPath(): string {
  const { user } = useSession();
  return dashboardPathFor(user?.roles ?? []);
}

/**
 * The project the overview shows: the one in the link (/projectOverview?projectId=7, from the
 * architects' notice mails), which then becomes the selected project, else the selected one.
 * Without any it warns (unless Home suppressed the warning) and goes to the dashboard after 500 ms.
 */
export function useOverviewProjectId(): string | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get(linkParameter);
  const fromLink = projectIdFrom(linked);
  const selected = useSelectedProjectId();
  const projectId = fromLink ?? selected;
  const alert = useAlert();
  const navigate = useNavigate();
  const dashboard = useDashboardPath();
  // StrictMode runs effects twice; one missing project deserves one alert.
  const warned = useRef(false);

  useEffect(() => {
    if (linked === null) return;
    if (fromLink) selectProject(fromLink);
    setSearchParams(
      (params) => {
        params.delete(linkParameter);
        return params;
      },
      { replace: true },
    );
  }, [linked, fromLink, setSearchParams]);

  useEffect(() => {
    if (projectId || linked !== null) return;
    if (!warned.current && !isMissingProjectWarningSuppressed()) {
      warned.current = true;
      void alert({ title: de.projectOverview.missingProject });
    }
    const timer = window.setTimeout(() => void navigate(dashboard, { replace: true }), missingProjectRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [projectId, linked, alert, navigate, dashboard]);

  return projectId;
}

/** Leaves the project quietly, as the sidebar's Home does: no warning, no stale id, back to the dashboard. */
export function useLeaveProject(): () => void {
  const navigate = useNavigate();
  const dashboard = useDashboardPath();
  return useCallback(() => {
    suppressMissingProjectWarning();
    clearSelectedProject();
    void navigate(dashboard);
  }, [navigate, dashboard]);
}
