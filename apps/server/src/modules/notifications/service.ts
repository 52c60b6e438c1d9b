import { defaultNotificationSettings, type NotificationSettings } from '@bauakte/domain';
import { requireSelf } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { NotificationSettingsRepository } from './repository';

export function createNotificationSettingsService(deps: { settings: NotificationSettingsRepository }) {
  /** Stored settings, or the defaults for an account that never saved any. */
  const settingsOf = async (userId: number): Promise<NotificationSettings> =>
    (await deps.settings.find(userId)) ?? defaultNotificationSettings;

  return {
    settingsOf,

    async get(caller: AuthUser, username: string): Promise<NotificationSettings> {
      requireSelf(caller, username);
      return settingsOf(caller.id);
    },

    async save(caller: AuthUser, username: string, settings: NotificationSettings): Promise<NotificationSettings> {
      requireSelf(caller, username);
      await deps.settings.save(caller.id, settings, new Date().toISOString());
      return settings;
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
