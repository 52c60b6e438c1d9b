import type { FollowUp } from '@bauakte/domain';
import type { Platform } from '../../platform/compose';
import { addProjectTopic, addUserTopic } from '../../platform/live/topics';
import { registerPinRoutes } from './routes';
import { createCarryOverService } from './carry-over';
import { createOpenItemService, type OpenItemService } from './open-items';
import { createPinService, type PinEvent, type PinService } from './service';
import type { PlanNoticeService } from '../notifications/plan-notices';
import type { ItemNoticeService } from '../notifications/item-notices';
import type { FollowUpRow } from '../questionnaire/follow-up-repository';

/** Pins on plans: numbered points with a comment and photos, placed by a project's people, shown live. */
export function registerPinsModule(
  platform: Platform,
  needs: { planNotices: PlanNoticeService; itemNotices: ItemNoticeService; followUpOf: (row: FollowUpRow) => FollowUp; discardObjects: (keys: string[]) => Promise<void> },
): { pins: PinService; openItems: OpenItemService; announceOpenItems: (projectId: number, body: Record<string, number>) => void } {
  const { app, data, access, liveTopics, background } = platform;
  // Whoever may read the project sees its pins change live.
  const announceToViewers = addProjectTopic(liveTopics, 'pins', (user, projectId) => access.project(user, projectId, 'read'));
  // The project's people see its counts on their dashboards change live, on one topic each.
  const announceToPeople = addUserTopic(liveTopics, 'items');
  const announceToProject = (projectId: number, body: Record<string, number>) => {
    announceToViewers(projectId, body);
    background.run('open items of people', async () => announceToPeople(await data.repos.pins.peopleOfProject(projectId), { projectId }));
  };
  const announce = ({ projectId, fileId, pinId }: PinEvent) => announceToProject(projectId, { fileId, pinId });
  const pins = createPinService({
    data,
    announce,
    onPlanChange: (change) => background.run('plan notice', () => needs.planNotices.afterChange(change)),
    onAssignment: (assignment) => background.run('item notice', () => needs.itemNotices.afterAssignment(assignment)),
    discardObjects: needs.discardObjects,
  });
  const openItems = createOpenItemService({ data, architectScope: (caller) => access.architectScope(caller), followUpOf: needs.followUpOf });
  registerPinRoutes(app, pins, openItems, createCarryOverService({ data, announce }));
  return { pins, openItems, announceOpenItems: announceToProject };
}
