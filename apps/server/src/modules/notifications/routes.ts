import { notificationSettingsSchema, usernameParamsSchema } from '@bauakte/domain';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { NotificationSettingsService } from './service';

/** Each user reads and saves only their own settings; another's answer 404. */
export function registerNotificationRoutes(app: App, notifications: NotificationSettingsService): void {
  // Administrators take part in no chats and follow no forms: they have no settings (403).
  const self = requires.self('params.username').for('ARCHI', 'CLIENT');
  const tags = ['notifications'];
  const params = usernameParamsSchema;

  app.get('/api/notificationSettings/:username', { config: { access: self }, schema: { tags, params, response: { 200: notificationSettingsSchema } } }, (request) =>
    notifications.get(self.of(request)),
  );

  app.put(
    '/api/notificationSettings/:username',
    { config: { access: self }, schema: { tags, params, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    (request) => notifications.save(self.of(request), request.body),
  );
}
