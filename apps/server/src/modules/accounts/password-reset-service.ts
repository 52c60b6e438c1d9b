import { serverMessages, type ForgotPasswordRequest, type ResetInfo } from '@bauakte/domain';
import type { FastifyBaseLogger } from 'fastify';
import { tooManyRequests } from '../../platform/errors';
import { hashPassword } from '../../platform/auth/password';
import type { SessionService } from '../../platform/auth/sessions';
import type { Mailer } from '../../platform/mail/mailer';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import type { UserRepository } from '../users/repository';
import type { AccountTokenRepository } from './repository';
import { passwordResetMail } from './mails';
import { newAccountToken, passwordResetValidityMs } from './tokens';
import { tokenInvalid, tokenOwner } from './token-owner';

export const resetRequestRules = {
  'reset-account': { maxFailures: 5, windowMs: 60 * 60_000 },
  'reset-address': { maxFailures: 20, windowMs: 60 * 60_000 },
};

export function createPasswordResetService(deps: {
  users: UserRepository;
  tokens: AccountTokenRepository;
  sessions: SessionService;
  mailer: Mailer;
  limiter: AttemptLimiter;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { users, tokens } = deps;

  async function sendResetLink(userId: number): Promise<void> {
    const user = await users.findById(userId);
    if (!user) return;
    const now = new Date();
    const { token, hash } = newAccountToken();
    await tokens.retireAll(user.id, 'PASSWORD_RESET', now.toISOString());
    await tokens.insert({
      userId: user.id,
      purpose: 'PASSWORD_RESET',
      tokenHash: hash,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + passwordResetValidityMs).toISOString(),
    });
    await deps.mailer.send(passwordResetMail(user, `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`));
  }

  const usableReset = (token: string) => tokenOwner({ tokens, users }, token, 'PASSWORD_RESET', 'ACTIVE');

  return {
    /**
     * Answers the same for every account, known or not, and before any mail goes out: neither the
     * answer nor its timing tells whether the username and e-mail belong together.
     */
    async requestReset(request: ForgotPasswordRequest, address: string): Promise<{ message: string }> {
      const keys = [`reset-account:${request.username.toLowerCase()}`, `reset-address:${address}`];
      if (await deps.limiter.isBlocked(keys)) throw tooManyRequests(serverMessages.tooManyResetRequests);
      await deps.limiter.recordFailure(keys); // every request counts, to stop mail bombing
      const user = await users.findByUsername(request.username);
      const matches = user?.status === 'ACTIVE' && user.email.toLowerCase() === request.email.toLowerCase();
      if (user && matches) {
        sendResetLink(user.id).catch((error: unknown) => deps.log.error({ err: error }, 'password reset mail failed'));
      }
      return { message: serverMessages.resetMailSent };
    },

    async resetInfo(token: string): Promise<ResetInfo> {
      const { user } = await usableReset(token);
      return { email: user.email, username: user.username };
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const { tokenId, user } = await usableReset(token);
      const passwordHash = await hashPassword(password);
      if (!(await tokens.consume(tokenId, new Date().toISOString()))) throw tokenInvalid();
      await users.update(user.id, { passwordHash, updatedAt: new Date().toISOString() });
      await deps.sessions.endAllOf(user.id);
      return { message: serverMessages.passwordSet };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
