import { serverMessages, usernameKey, type ForgotPasswordRequest, type ResetInfo } from '@bauakte/domain';
import type { BackgroundTasks } from '../../platform/background';
import { tooManyRequests } from '../../platform/errors';
import { hashPassword } from '../../platform/auth/password';
import { requireStrongPassword } from '../../platform/auth/password-policy';
import type { SessionService } from '../../platform/auth/sessions';
import type { DataLayer } from '../../platform/db/repositories';
import type { MailQueue } from '../../platform/mail/mail-queue';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import { passwordResetMail } from './mails';
import { passwordResetValidityMs } from './tokens';
import { consumeLink, issueLink, tokenOwner } from './links';

export const resetRequestRules = {
  'reset-account': { maxAttempts: 5, windowMs: 60 * 60_000 },
  'reset-address': { maxAttempts: 20, windowMs: 60 * 60_000 },
};

export function createPasswordResetService(deps: {
  data: DataLayer;
  sessions: Pick<SessionService, 'invalidate'>;
  mails: Pick<MailQueue, 'enqueue' | 'wake'>;
  limiter: AttemptLimiter;
  background: BackgroundTasks;
  publicUrl: string;
}) {
  const { data } = deps;
  const { users } = data.repos;

  /** Looks the account up and, if name and address belong together, queues a fresh link's mail. */
  async function sendResetLinkIfMatching(request: ForgotPasswordRequest): Promise<void> {
    const user = await users.findByUsername(request.username);
    if (user?.status !== 'ACTIVE' || user.email.toLowerCase() !== request.email.toLowerCase()) return;
    await data.transaction(async (repos) => {
      const token = await issueLink(repos, user.id, 'PASSWORD_RESET', passwordResetValidityMs);
      await deps.mails.enqueue(repos.mailOutbox, 'PASSWORD_RESET', passwordResetMail(user, `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`));
    });
    deps.mails.wake();
  }

  const usableReset = (token: string) => tokenOwner(data.repos, token, 'PASSWORD_RESET', 'ACTIVE');

  return {
    /**
     * Answers the same for every account, known or not, before the account is even looked up: the
     * lookup and the mail run after the answer, so neither its content nor its timing tells whether
     * the username and e-mail belong together. Every request counts, to stop mail bombing.
     */
    async requestReset(request: ForgotPasswordRequest, address: string): Promise<{ message: string }> {
      const verdict = await deps.limiter.hit([`reset-account:${usernameKey(request.username)}`, `reset-address:${address}`]);
      if (!verdict.allowed) throw tooManyRequests(serverMessages.tooManyResetRequests, verdict.retryAfterSeconds);
      deps.background.run('password reset mail', () => sendResetLinkIfMatching(request));
      return { message: serverMessages.resetMailSent };
    },

    async resetInfo(token: string): Promise<ResetInfo> {
      const { user } = await usableReset(token);
      return { email: user.email, username: user.username };
    },

    /** Sets the new password and ends every session of the account, in one transaction. */
    async resetPassword(token: string, password: string): Promise<{ message: string }> {
      const owner = await usableReset(token);
      await requireStrongPassword(password, owner.user);
      const passwordHash = await hashPassword(password);
      await data.transaction(async (repos) => {
        const now = new Date().toISOString();
        await consumeLink(repos, owner);
        await repos.users.update(owner.user.id, { passwordHash, updatedAt: now });
        await repos.sessions.revokeAllOfUser(owner.user.id, now);
      });
      await deps.sessions.invalidate({ userIds: [owner.user.id] });
      return { message: serverMessages.passwordSet };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
