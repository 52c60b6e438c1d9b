import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { useLocation, useNavigate } from 'react-router';
import { savedProjectOf } from '../../lib/questionnaire-links';

const SavedSummary = lazyComponent(() => import('./questionnaire-saved-summary').then((module) => module.SavedSummary)).Component;

/**
 * After 'Speichern' on the last step the app returns to the dashboard (spec section 2); there this
 * confirms the save and lists what is still open, instead of a silent return.
 */
export function QuestionnaireSavedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const projectId = savedProjectOf(location.state);
  if (!projectId) return null;
  const dismiss = () => void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  return (
    <Suspense fallback={null}>
      <SavedSummary key={projectId} projectId={projectId} onDismiss={dismiss} />
    </Suspense>
  );
}
