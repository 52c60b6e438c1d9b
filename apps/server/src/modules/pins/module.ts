import { liveDestinations, pathIdSchema } from '@bauakte/domain';
import type { Platform } from '../../platform/compose';
import { registerPinRoutes } from './routes';
import { createPinService, type PinEvent, type PinService } from './service';
import type { PlanNoticeService } from '../notifications/plan-notices';

/** Pins on plans: numbered points with a comment and a photo, placed by a project's people, shown live. */
export function registerPinsModule(platform: Platform, needs: { planNotices: PlanNoticeService }): PinService {
  const { app, data, access, liveTopics, background } = platform;
  // Whoever may read the project sees its pins change live.
  liveTopics.add({
    pattern: /^\/topic\/project\/([^/]+)\/pins$/,
    authorize: async (user, match) => {
      await access.project(user, pathIdSchema.parse(match[1]!), 'read');
    },
  });
  const announce = ({ projectId, fileId, pinId }: PinEvent) =>
    void liveTopics.announce(liveDestinations.projectPins(projectId), { fileId, pinId }).catch(() => undefined);
  const pins = createPinService({ data, announce, onPlanChange: (change) => background.run('plan notice', () => needs.planNotices.afterChange(change)) });
  registerPinRoutes(app, pins);
  return pins;
}
