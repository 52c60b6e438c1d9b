import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import type { SessionService } from '../auth/sessions';
import { unauthenticated } from '../errors';
import type { Connections } from './connection';

/** How often open connections check that their session still stands (logout closes within a second). */
export const sessionCheckMs = 1_000;
/** How often an open connection counts as use of its session, so it does not go idle. */
const keepAliveMs = 60_000;

/**
 * Logout, a password change or a deleted profile ends sessions: their connections end within a
 * second, with an ERROR frame. Answers the function that stops the watch.
 */
export function watchSessions(deps: { sessions: SessionService; connections: Pick<Connections, 'connected' | 'fail'>; log: FastifyBaseLogger }): () => void {
  const { sessions, connections, log } = deps;
  let ticks = 0;
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking || connections.connected.size === 0) return;
    checking = true;
    ticks += 1;
    const ids = [...new Set([...connections.connected].flatMap((connection) => (connection.user ? [connection.user.sessionId] : [])))];
    const touch = ticks % Math.round(keepAliveMs / sessionCheckMs) === 0;
    void sessions
      .stillLive(ids)
      .then(async (live) => {
        for (const connection of [...connections.connected]) {
          if (connection.user && !live.has(connection.user.sessionId)) connections.fail(connection, unauthenticated(serverMessages.liveSessionEnded));
        }
        if (touch) await sessions.keepAlive([...live]);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'live channel: session check failed'))
      .finally(() => {
        checking = false;
      });
  }, sessionCheckMs);
  sessionCheck.unref();
  return () => clearInterval(sessionCheck);
}
