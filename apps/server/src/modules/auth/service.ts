import { serverMessages, type CurrentUser, type LoginRequest } from '@bauakte/domain';
import { AppError, notFound, tooManyRequests, unauthenticated } from '../../platform/errors';
import { spendVerificationTime, verifyPassword } from '../../platform/auth/password';
import type { AuthUser, SessionService } from '../../platform/auth/sessions';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import { isSelf } from '../../platform/access/access';
import type { UserRepository } from '../users/repository';

/** Failures before 429: per account well under the 30 the issue allows; per address a little more. */
export const loginAttemptRules = {
  account: { maxFailures: 10, windowMs: 15 * 60_000 },
  address: { maxFailures: 25, windowMs: 15 * 60_000 },
};

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', serverMessages.invalidCredentials);

export function createAuthService(deps: { users: UserRepository; sessions: SessionService; limiter: AttemptLimiter }) {
  const { users, sessions, limiter } = deps;

  return {
    async login(request: LoginRequest, address: string): Promise<{ token: string }> {
      const keys = [`account:${request.username.toLowerCase()}`, `address:${address}`];
      if (await limiter.isBlocked(keys)) throw tooManyRequests(serverMessages.tooManyAttempts);

      const user = await users.findByUsername(request.username);
      const usable = user?.status === 'ACTIVE' && user.passwordHash !== null ? user : undefined;
      if (!usable?.passwordHash) {
        await spendVerificationTime(request.password);
        await limiter.recordFailure(keys);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(usable.passwordHash, request.password))) {
        await limiter.recordFailure(keys);
        throw invalidCredentials();
      }
      await limiter.reset(keys[0]!);
      return { token: await sessions.start(usable) };
    },

    /** Ends the caller's own session at once; a username other than the caller's is not theirs to end. */
    async logout(caller: AuthUser, username: string): Promise<void> {
      if (!isSelf(caller, username)) throw notFound();
      await sessions.end(caller.sessionId);
    },

    /** The unload beacon: the session ends shortly unless the same tab comes back (a reload). */
    async logoutBeacon(token: string | undefined, username: string): Promise<void> {
      if (!token || !(await sessions.endSoon(token, username))) throw unauthenticated(serverMessages.sessionInvalid);
    },

    me(caller: AuthUser): CurrentUser {
      return { username: caller.username, roles: caller.roles };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
