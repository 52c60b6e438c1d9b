import type { Platform } from '../../platform/compose';
import { createFanoutCache } from '../../platform/fanout/fanout-cache';
import { createFormNoticeService, type FormNoticeService } from './form-notices';
import { createItemNoticeService, type ItemNoticeService } from './item-notices';
import { createPlanNoticeService, type PlanNoticeService } from './plan-notices';
import { registerNotificationRoutes } from './routes';
import { createNotificationSettingsService, type NotificationSettingsService } from './service';

/** Who wants which notice; answers what the questionnaire, the chat, the files and the pins announce through. */
export function registerNotificationsModule(platform: Platform): {
  settingsOf: NotificationSettingsService['settingsOf'];
  notices: FormNoticeService;
  planNotices: PlanNoticeService;
  itemNotices: ItemNoticeService;
} {
  const { data, config, fanout, mailQueue, log } = platform;
  const settings = createNotificationSettingsService({
    data,
    cache: createFanoutCache({
      ttlMs: config.sessionCacheSeconds * 1000,
      maxEntries: 10_000,
      fanout,
      event: 'notification-settings-changed',
      onNoticeFailed: (error) => log.warn({ err: error }, 'notification settings: change notice failed'),
    }),
  });
  registerNotificationRoutes(platform.app, settings);
  const notices = createFormNoticeService({ data, settingsOf: settings.settingsOf, mails: mailQueue, publicUrl: config.publicUrl, log });
  const planNotices = createPlanNoticeService({ data, settingsOf: settings.settingsOf, mails: mailQueue, publicUrl: config.publicUrl, log });
  const itemNotices = createItemNoticeService({ data, settingsOf: settings.settingsOf, mails: mailQueue, publicUrl: config.publicUrl, log });
  return { settingsOf: settings.settingsOf, notices, planNotices, itemNotices };
}
