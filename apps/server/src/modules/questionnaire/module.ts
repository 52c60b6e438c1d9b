import type { Platform } from '../../platform/compose';
import type { FormNoticeService } from '../notifications/form-notices';
import { createFollowUpService } from './follow-ups';
import { registerQuestionnaireRoutes } from './routes';
import { createQuestionnaireService } from './service';

/** A follow-up as the lists of open items show it, for the pins module's list 'Offene Punkte'. */
export { toFollowUp as followUpItemOf } from './follow-ups';

/** The four steps of a project's questionnaire, their versions and changes, and the architect's follow-ups on its answers. */
export function registerQuestionnaireModule(
  platform: Platform,
  needs: { notices: FormNoticeService; announceOpenItems: (projectId: number, body: Record<string, number>) => void },
): void {
  const { data, background } = platform;
  // A follow-up is an open item: the lists of open items hear of it where they hear of pins.
  const followUps = createFollowUpService({ data, announce: ({ projectId, followUpId }) => needs.announceOpenItems(projectId, { followUpId }) });
  registerQuestionnaireRoutes(platform.app, createQuestionnaireService({ data, notices: needs.notices, background }), followUps);
}
