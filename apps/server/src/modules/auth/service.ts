import { serverMessages, type CurrentUser, type LoginRequest } from '@bauakte/domain';
import { AppError, tooManyRequests, unauthenticated } from '../../platform/errors';
import { spendVerificationTime, verifyPassword } from '../../platform/auth/password';
import type { AuthUser, SessionService } from '../../platform/auth/sessions';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import { accountKey } from '../../platform/auth/login-attempts';
import type { DataLayer } from '../../platform/db/repositories';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', serverMessages.invalidCredentials);

export function createAuthService(deps: { data: DataLayer; sessions: SessionService; limiter: AttemptLimiter }) {
  const { sessions, limiter } = deps;
  const { users } = deps.data.repos;

  return {
    /** The attempt is counted before the password is checked, so parallel guesses cannot pass the limit. */
    async login(request: LoginRequest, address: string): Promise<{ token: string }> {
      const addressKey = `address:${address}`;
      const verdict = await limiter.hit([accountKey(request.username), addressKey]);
      if (!verdict.allowed) throw tooManyRequests(serverMessages.tooManyAttempts, verdict.retryAfterSeconds);
      const user = await users.findByUsername(request.username);
      const usable = user?.status === 'ACTIVE' && user.passwordHash !== null ? user : undefined;
      if (!usable?.passwordHash) {
        await spendVerificationTime(request.password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(usable.passwordHash, request.password))) throw invalidCredentials();
      await limiter.reset(accountKey(request.username));
      // A colleague's login behind the same office address is no guess.
      await limiter.forgive(addressKey);
      return { token: await sessions.start(usable) };
    },

    /** Ends the caller's own session at once. */
    async logout(caller: AuthUser): Promise<void> {
      await sessions.end(caller.sessionId);
    },

    /** A logout the web app made without a connection, told now: that session ends at once. */
    async logoutNamedSession(sessionId: string | undefined, username: string | null): Promise<void> {
      if (!sessionId || username === null || !(await sessions.endNamed(sessionId, username))) throw unauthenticated(serverMessages.sessionInvalid);
    },

    /** The unload beacon: the session ends shortly unless the same tab comes back (a reload). */
    async logoutBeacon(token: string | undefined, username: string | null): Promise<void> {
      if (!token || username === null || !(await sessions.endSoon(token, username))) throw unauthenticated(serverMessages.sessionInvalid);
    },

    me(caller: AuthUser): CurrentUser {
      return { username: caller.username, roles: caller.roles };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
