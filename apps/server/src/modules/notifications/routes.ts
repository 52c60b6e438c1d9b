import { notificationSettingsSchema, usernameParamsSchema } from '@bauakte/domain';
import { callerOf, type AccessPolicy } from '../../platform/access/access';
import { validBody } from '../../platform/http/request-body';
import type { App } from '../../platform/http/types';
import type { NotificationSettingsService } from './service';

/** Each user reads and saves only their own settings; another's answer 404. */
export function registerNotificationRoutes(app: App, deps: { notifications: NotificationSettingsService; access: AccessPolicy }): void {
  const { notifications, access } = deps;
  const tags = ['notifications'];
  const params = usernameParamsSchema;

  app.get('/api/notificationSettings/:username', { schema: { tags, params, response: { 200: notificationSettingsSchema } } }, (request) =>
    notifications.get(access.self(callerOf(request), request.params.username)),
  );

  app.put(
    '/api/notificationSettings/:username',
    { attachValidation: true, schema: { tags, params, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    (request) => notifications.save(access.self(callerOf(request), request.params.username), validBody(request)),
  );
}
