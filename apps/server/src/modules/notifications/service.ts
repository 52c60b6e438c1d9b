import { defaultNotificationSettings, type NotificationSettings } from '@bauakte/domain';
import type { AuthUser } from '../../platform/auth/sessions';
import type { NotificationSettingsRepository } from './repository';

export function createNotificationSettingsService(deps: { settings: NotificationSettingsRepository }) {
  /** Stored settings, or the defaults for an account that never saved any. */
  const settingsOf = async (userId: number): Promise<NotificationSettings> =>
    (await deps.settings.find(userId)) ?? defaultNotificationSettings;

  return {
    settingsOf,

    get: (owner: AuthUser): Promise<NotificationSettings> => settingsOf(owner.id),

    async save(owner: AuthUser, settings: NotificationSettings): Promise<NotificationSettings> {
      await deps.settings.save(owner.id, settings, new Date().toISOString());
      return settings;
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
