import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { de } from '../../i18n/de';
import { dashboardPathFor } from '../auth/home-path';
import { useSession } from '../auth/session-context';
import { useAlert } from '../feedback/feedback-context';
import {
  clearSelectedProject,
  isMissingProjectWarningSuppressed,
  suppressMissingProjectWarning,
  useSelectedProjectId,
} from '../projects/project-selection';

/** Spec section 9: the redirect follows the missing-project warning after 500 ms. */
export const missingProjectRedirectDelayMs = 500;

/** The dashboard of the logged-in user's role, where the questionnaire ends and falls back to. */
export function useDashboardPath(): string {
  const { user } = useSession();
  return dashboardPathFor(user?.roles ?? []);
}

/**
 * The project the questionnaire answers for (sessionStorage 'projectId'). Without one it warns
 * (unless Home suppressed the warning) and sends the user to the dashboard after 500 ms.
 */
export function useQuestionnaireProject(): string | null {
  const projectId = useSelectedProjectId();
  const alert = useAlert();
  const navigate = useNavigate();
  const dashboard = useDashboardPath();
  // StrictMode runs effects twice; one missing project deserves one alert.
  const warned = useRef(false);

  useEffect(() => {
    if (projectId) return;
    if (!warned.current && !isMissingProjectWarningSuppressed()) {
      warned.current = true;
      void alert({ title: de.questionnaire.missingProject });
    }
    const timer = window.setTimeout(() => void navigate(dashboard, { replace: true }), missingProjectRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [projectId, alert, navigate, dashboard]);

  return projectId;
}

/** Leaves a project that cannot be opened the way the sidebar's Home does: quietly, without the stale id. */
export function useLeaveProject(): () => void {
  const navigate = useNavigate();
  const dashboard = useDashboardPath();
  return useCallback(() => {
    suppressMissingProjectWarning();
    clearSelectedProject();
    void navigate(dashboard);
  }, [navigate, dashboard]);
}
