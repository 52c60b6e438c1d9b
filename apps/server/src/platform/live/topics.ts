import { pathId, sameUsername } from '@bauakte/domain';
import type { AuthUser } from '../auth/sessions';
import { notFound } from '../errors';
import type { Fanout } from '../fanout/fanout';

/**
 * A destination of the live channel that only the server writes to: subscribers are told that
 * something changed (ids only) and read it over REST. A module adds its topics here; the broker
 * asks `authorize` when someone subscribes and delivers what `announce` sends to every instance.
 */
export interface LiveTopic {
  pattern: RegExp;
  /** Throws the AppError REST would answer (404 for an object the user may not see). */
  authorize(user: AuthUser, match: RegExpExecArray): Promise<void>;
}

export function createLiveTopics(fanout: Fanout) {
  const topics: LiveTopic[] = [];
  return {
    add(topic: LiveTopic): void {
      topics.push(topic);
    },

    /** False when no topic has this destination; throws when the user may not subscribe to it. */
    async authorize(user: AuthUser, destination: string): Promise<boolean> {
      for (const topic of topics) {
        const match = topic.pattern.exec(destination);
        if (!match) continue;
        await topic.authorize(user, match);
        return true;
      }
      return false;
    },

    /** Tells the subscribers of the destination on every instance; the body carries ids only. */
    announce(destination: string, body: Record<string, number>): Promise<void> {
      return fanout.publish({ type: 'topic', destination, body: JSON.stringify(body) });
    },
  };
}

export type LiveTopics = ReturnType<typeof createLiveTopics>;

const projectTopicPattern = /^\/topic\/project\/([^/]+)\//;

/** Whether the destination is one of the project's topics (`/topic/project/{id}/…`). */
export function isProjectDestination(destination: string, projectId: number): boolean {
  const match = projectTopicPattern.exec(destination);
  return match !== null && pathId(match[1]!) === projectId;
}

/**
 * A project's topic, `/topic/project/{id}/{name}`: whoever may read the project (`mayRead` throws
 * the AppError REST would answer otherwise) subscribes. The function returned tells the topic's
 * subscribers of a change (ids only); a failed announcement never fails the change itself.
 */
export function addProjectTopic(
  liveTopics: LiveTopics,
  name: string,
  mayRead: (user: AuthUser, projectId: number | null) => Promise<unknown>,
): (projectId: number, body: Record<string, number>) => void {
  liveTopics.add({
    pattern: new RegExp(`^/topic/project/([^/]+)/${name}$`),
    authorize: async (user, match) => {
      await mayRead(user, pathId(match[1]!));
    },
  });
  return (projectId, body) => void liveTopics.announce(`/topic/project/${projectId}/${name}`, body).catch(() => undefined);
}

/**
 * A user's own topic, `/topic/user/{username}/{name}`: only that user subscribes (anyone else gets
 * 404, as for an object they may not see). The function returned tells each named user of a change
 * (ids only); a failed announcement never fails the change itself.
 */
export function addUserTopic(liveTopics: LiveTopics, name: string): (usernames: readonly string[], body: Record<string, number>) => void {
  liveTopics.add({
    pattern: new RegExp(`^/topic/user/([^/]+)/${name}$`),
    authorize: (user, match) => (sameUsername(user.username, decodeURIComponent(match[1]!)) ? Promise.resolve() : Promise.reject(notFound())),
  });
  return (usernames, body) => {
    for (const username of usernames) void liveTopics.announce(`/topic/user/${username}/${name}`, body).catch(() => undefined);
  };
}
