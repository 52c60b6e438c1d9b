import type { Platform } from '../../platform/compose';
import { addProjectTopic } from '../../platform/live/topics';
import { registerPinRoutes } from './routes';
import { createPinService, type PinEvent, type PinService } from './service';
import type { PlanNoticeService } from '../notifications/plan-notices';

/** Pins on plans: numbered points with a comment and a photo, placed by a project's people, shown live. */
export function registerPinsModule(platform: Platform, needs: { planNotices: PlanNoticeService }): PinService {
  const { app, data, access, liveTopics, background } = platform;
  // Whoever may read the project sees its pins change live.
  const announceToProject = addProjectTopic(liveTopics, 'pins', (user, projectId) => access.project(user, projectId, 'read'));
  const announce = ({ projectId, fileId, pinId }: PinEvent) => announceToProject(projectId, { fileId, pinId });
  const pins = createPinService({ data, announce, onPlanChange: (change) => background.run('plan notice', () => needs.planNotices.afterChange(change)) });
  registerPinRoutes(app, pins);
  return pins;
}
