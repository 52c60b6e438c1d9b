import { randomUUID } from 'node:crypto';
import { sameUsername, type Role } from '@bauakte/domain';
import type { SessionRepository } from './repository';
import type { TokenService } from './tokens';

/** The caller of a request, as the server knows it: from the session, never from a path or body. */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  roles: Role[];
  sessionId: string;
}

/** How long a session survives the unload beacon: long enough for a page reload to reclaim it. */
export const beaconGraceMs = 60_000;

/** Writing the last use on every request would cost a write per read; once a minute is precise enough. */
export const lastSeenPrecisionMs = 60_000;

export interface SessionService {
  start(user: { id: number; username: string; role: Role }): Promise<string>;
  resolve(token: string): Promise<AuthUser | null>;
  end(sessionId: string): Promise<void>;
  endAllOf(userId: number, exceptSessionId?: string): Promise<void>;
  endSoon(token: string, username: string): Promise<boolean>;
  /** Of these sessions, the ones still usable (live connections check theirs every second). */
  stillLive(sessionIds: readonly string[]): Promise<Set<string>>;
  /** An open live connection is use of its session: it does not go idle. */
  keepAlive(sessionIds: readonly string[]): Promise<void>;
  /** Deletes sessions that can never be used again (expired or revoked), so the table stays small. */
  prune(): Promise<void>;
}

export function createSessionService(deps: {
  repository: SessionRepository;
  tokens: TokenService;
  sessionHours: number;
  /** A session unused this long ends, whatever its lifetime says. */
  idleMinutes: number;
}): SessionService {
  const { repository, tokens } = deps;
  const now = () => new Date().toISOString();
  const idleMs = deps.idleMinutes * 60_000;
  const lastUse = (session: { lastSeenAt: string | null; createdAt: string }) => Date.parse(session.lastSeenAt ?? session.createdAt);

  async function findLive(token: string) {
    const verified = await tokens.verify(token);
    if (!verified) return null;
    const session = await repository.findWithUser(verified.sessionId);
    if (!session || session.username !== verified.username) return null;
    const at = now();
    if (session.revokedAt !== null || session.status !== 'ACTIVE' || session.expiresAt <= at) return null;
    if (session.endsAt !== null && session.endsAt <= at) return null;
    if (lastUse(session) + idleMs <= Date.parse(at)) return null;
    return session;
  }

  return {
    async start(user) {
      const sessionId = randomUUID();
      const createdAt = new Date();
      const expiresAt = new Date(createdAt.getTime() + deps.sessionHours * 3_600_000);
      await repository.insert({
        id: sessionId,
        userId: user.id,
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      return tokens.sign({ username: user.username, roles: [user.role], sessionId, expiresAt });
    },

    async resolve(token) {
      const session = await findLive(token);
      if (!session) return null;
      // A request after the unload beacon means the tab was only reloaded: keep the session.
      if (session.endsAt !== null || lastUse(session) + lastSeenPrecisionMs < Date.now()) {
        await repository.touch(session.sessionId, now());
      }
      return {
        id: session.userId,
        username: session.username,
        role: session.role,
        roles: [session.role],
        sessionId: session.sessionId,
      };
    },

    async end(sessionId) {
      await repository.revoke(sessionId, now());
    },

    async endAllOf(userId, exceptSessionId) {
      await repository.revokeAllOfUser(userId, now(), exceptSessionId);
    },

    async stillLive(sessionIds) {
      const at = new Date();
      return new Set(await repository.liveAmong(sessionIds, at.toISOString(), new Date(at.getTime() - idleMs).toISOString()));
    },

    async keepAlive(sessionIds) {
      await repository.touchAll(sessionIds, now());
    },

    async prune() {
      await repository.deleteExpired(now(), new Date(Date.now() - idleMs).toISOString());
    },

    async endSoon(token, username) {
      const session = await findLive(token);
      if (!session || !sameUsername(session.username, username)) return false;
      await repository.setEndsAt(session.sessionId, new Date(Date.now() + beaconGraceMs).toISOString());
      return true;
    },
  };
}
