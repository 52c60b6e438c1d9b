import type { NotificationSettings } from '@bauakte/domain/labels';
import { apiRequest } from '../../lib/api';

export const notificationSettingsKey = (username: string) => ['notificationSettings', username.toLowerCase()] as const;

const path = (username: string) => `/notificationSettings/${encodeURIComponent(username)}`;

export function fetchNotificationSettings(username: string): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>(path(username));
}

export function saveNotificationSettings(username: string, settings: NotificationSettings): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>(path(username), { method: 'PUT', body: settings });
}
