import { de } from '../../i18n/de';
import { useSelectedProjectId } from '../projects/project-selection';
import { useMissingProjectRedirect } from '../projects/use-required-project';

/** The project the questionnaire answers for (sessionStorage 'projectId'); warns and leaves without one. */
export function useQuestionnaireProject(): string | null {
  const projectId = useSelectedProjectId();
  useMissingProjectRedirect(projectId === null, de.questionnaire.missingProject);
  return projectId;
}
