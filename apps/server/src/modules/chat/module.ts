import type { Platform } from '../../platform/compose';
import type { NotificationSettings } from '@bauakte/domain';
import { watchAccessChanges } from '../../platform/live/access-recheck';
import { createBroker, type Broker } from '../../platform/live/broker';
import { createPresence, type Presence } from '../../platform/live/presence';
import { createChatLive } from './live';
import { registerChatRoutes } from './routes';
import { createChatService, type ChatService } from './service';

/** Chat: REST and the live channel at /ws, which also carries the other modules' topics (platform/live/topics.ts). */
export function registerChatModule(
  platform: Platform,
  needs: { settingsOf: (userId: number) => Promise<NotificationSettings> },
): { chat: ChatService; broker: Broker; presence: Presence } {
  const { app, config, data, access, fanout, sessions, mailQueue, background, routeLimits, metrics, log, liveTopics } = platform;
  const presence = createPresence(fanout);
  const chat = createChatService({
    data,
    access,
    fanout,
    presence,
    settingsOf: needs.settingsOf,
    mails: mailQueue,
    background,
    publicUrl: config.publicUrl,
    log,
  });
  registerChatRoutes(app, chat);
  const live = createChatLive({ chat, access, fanout, presence, limits: routeLimits, topics: liveTopics });
  const broker = createBroker({ server: app.server, sessions, presence, hooks: live.hooks, limits: config.live, metrics, log });
  live.attach(broker);
  watchAccessChanges(fanout, broker.recheckAccess);
  metrics.watchLive({ connections: () => broker.connectionCount(), subscriptions: () => broker.subscriptionCount(), bufferedBytes: () => broker.bufferedBytes() });
  app.addHook('preClose', async () => {
    await broker.close();
    presence.close();
  });
  return { chat, broker, presence };
}
