import { defaultNotificationSettings, type NotificationSettings } from '@bauakte/domain';
import type { AuthUser } from '../../platform/auth/sessions';
import type { FanoutCache } from '../../platform/fanout/fanout-cache';
import type { DataLayer } from '../../platform/db/repositories';

/**
 * `cache`: the settings kept briefly in memory. Every chat message to someone not connected and
 * every questionnaire save asks the receiver's settings before any mail is decided, and people
 * change them seldom; a save empties it everywhere.
 */
export function createNotificationSettingsService(deps: { data: DataLayer; cache?: FanoutCache<number, NotificationSettings> }) {
  const read = async (userId: number): Promise<NotificationSettings> => (await deps.data.repos.notificationSettings.find(userId)) ?? defaultNotificationSettings;
  /** Stored settings, or the defaults for an account that never saved any. */
  const settingsOf = (userId: number): Promise<NotificationSettings> => (deps.cache ? deps.cache.get(userId, () => read(userId)) : read(userId));

  return {
    settingsOf,

    get: (owner: AuthUser): Promise<NotificationSettings> => settingsOf(owner.id),

    async save(owner: AuthUser, settings: NotificationSettings): Promise<NotificationSettings> {
      await deps.data.repos.notificationSettings.save(owner.id, settings, new Date().toISOString());
      await deps.cache?.changed();
      return settings;
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
