import { z } from 'zod';
import { notificationSettingsSchema } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import type { App } from '../../platform/http/types';
import type { NotificationSettingsService } from './service';

const params = z.object({ username: z.string().min(1).max(100) });

/** Each user reads and saves only their own settings; another's answer 404. */
export function registerNotificationRoutes(app: App, notifications: NotificationSettingsService): void {
  const tags = ['notifications'];

  app.get('/api/notificationSettings/:username', { schema: { tags, params, response: { 200: notificationSettingsSchema } } }, (request) =>
    notifications.get(callerOf(request), request.params.username),
  );

  app.put(
    '/api/notificationSettings/:username',
    { schema: { tags, params, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    (request) => notifications.save(callerOf(request), request.params.username, request.body),
  );
}
