import { serverMessages, type CurrentUser, type DeviceKey, type LoginRequest, type SignedInDevice } from '@bauakte/domain';
import { AppError, notFound, tooManyRequests, unauthenticated } from '../../platform/errors';
import { deviceKindOf } from '../../platform/auth/user-agent';
import { spendVerificationTime, verifyPassword } from '../../platform/auth/password';
import type { AuthUser, SessionService } from '../../platform/auth/sessions';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import { accountKey } from '../../platform/auth/login-attempts';
import type { DataLayer } from '../../platform/db/repositories';
import type { DeviceKeys } from '../../platform/auth/device-keys';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', serverMessages.invalidCredentials);

export function createAuthService(deps: { data: DataLayer; sessions: SessionService; limiter: AttemptLimiter; deviceKeys: DeviceKeys }) {
  const { sessions, limiter, deviceKeys } = deps;
  const { users } = deps.data.repos;

  return {
    /** The attempt is counted before the password is checked, so parallel guesses cannot pass the limit. */
    async login(request: LoginRequest, address: string, userAgent?: string): Promise<{ token: string }> {
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
      return { token: await sessions.start(usable, { remembered: request.remember === true, device: deviceKindOf(userAgent) }) };
    },

    /** The key the caller's device encrypts what it keeps of them with: always the same for this account and device. */
    deviceKey(caller: AuthUser, deviceId: string): DeviceKey {
      return { key: deviceKeys.keyFor(caller.id, deviceId) };
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

    async devices(caller: AuthUser): Promise<SignedInDevice[]> {
      const devices = await sessions.devicesOf(caller.id);
      return devices.map((device) => ({
        id: device.id,
        browser: device.browser,
        system: device.system,
        remembered: Number(device.remembered) === 1,
        signedInSince: device.createdAt,
        lastUsed: device.lastSeenAt ?? device.createdAt,
        current: device.id === caller.sessionId,
      }));
    },

    /** Another device of the caller (or this one) is signed out; its next request is refused. */
    async endDevice(caller: AuthUser, deviceId: string): Promise<void> {
      if (!(await sessions.endDevice(caller.id, deviceId))) throw notFound();
    },

    /** Every other device of the caller; the web app then logs this one out as usual (and clears what it keeps). */
    async endAllDevices(caller: AuthUser): Promise<void> {
      await sessions.endAllOf(caller.id, caller.sessionId);
    },

    me(caller: AuthUser): CurrentUser {
      return { username: caller.username, roles: caller.roles };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
