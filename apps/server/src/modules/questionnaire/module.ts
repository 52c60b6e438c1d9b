import type { Platform } from '../../platform/compose';
import type { FormNoticeService } from '../notifications/form-notices';
import { registerQuestionnaireRoutes } from './routes';
import { createQuestionnaireService } from './service';

/** The four steps of a project's questionnaire, their versions and changes. */
export function registerQuestionnaireModule(platform: Platform, needs: { notices: FormNoticeService }): void {
  const { data, background } = platform;
  registerQuestionnaireRoutes(platform.app, createQuestionnaireService({ data, notices: needs.notices, background }));
}
