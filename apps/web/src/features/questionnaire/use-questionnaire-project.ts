import { de } from '../../i18n/de';
import { useSelectedProjectId } from '../../platform/project/project-selection';
import { useMissingProjectRedirect } from '../../platform/project/use-required-project';

/** The project the questionnaire answers for (sessionStorage 'projectId'); warns and leaves without one. */
export function useQuestionnaireProject(): string | null {
  const projectId = useSelectedProjectId();
  useMissingProjectRedirect(projectId === null, de.questionnaire.missingProject);
  return projectId;
}
