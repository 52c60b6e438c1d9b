import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { dashboardPathFor } from '../session/home-path';
import { useSession } from '../session/session-context';
import { useAlert } from '../feedback/feedback-context';
import { clearSelectedProject, isMissingProjectWarningSuppressed, suppressMissingProjectWarning } from './project-selection';

/** Spec section 9: the redirect follows the missing-project warning after 500 ms. */
export const missingProjectRedirectDelayMs = 500;

/** The dashboard of the logged-in user's role: /dashboard for architects, else /dashboardClient. */
export function useDashboardPath(): string {
  const { user } = useSession();
  return dashboardPathFor(user?.roles ?? []);
}

/**
 * Pages that need a chosen project (overview, questionnaire): without one, show the page's warning
 * (unless Home suppressed it) and go to the dashboard after 500 ms.
 */
export function useMissingProjectRedirect(missing: boolean, warning: string): void {
  const alert = useAlert();
  const navigate = useNavigate();
  const dashboard = useDashboardPath();
  // StrictMode runs effects twice; one missing project deserves one alert.
  const warned = useRef(false);

  useEffect(() => {
    if (!missing) return;
    if (!warned.current && !isMissingProjectWarningSuppressed()) {
      warned.current = true;
      void alert({ title: warning });
    }
    const timer = window.setTimeout(() => void navigate(dashboard, { replace: true }), missingProjectRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [missing, warning, alert, navigate, dashboard]);
}

/** Leaves a project quietly, as the sidebar's Home does: no warning, no stale id, back to the dashboard. */
export function useLeaveProject(): () => void {
  const navigate = useNavigate();
  const dashboard = useDashboardPath();
  return useCallback(() => {
    suppressMissingProjectWarning();
    clearSelectedProject();
    void navigate(dashboard);
  }, [navigate, dashboard]);
}
