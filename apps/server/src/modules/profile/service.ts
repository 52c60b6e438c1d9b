import { serverMessages, type Profile, type profileUpdateRequestSchema } from '@bauakte/domain';
import type { z } from 'zod';
import type { CheckedAccount, ProfileEdit } from '../../platform/access/access';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { requireStrongPassword } from '../../platform/auth/password-policy';
import type { AuthUser, SessionService } from '../../platform/auth/sessions';
import type { DataLayer } from '../../platform/db/repositories';
import type { UserRow } from '../../platform/db/schema';
import { toProfile } from '../../platform/db/users-repository';
import { AppError, conflict, fieldError, tooManyRequests } from '../../platform/errors';
import type { MailQueue } from '../../platform/mail/mail-queue';
import type { AttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import { accountKey } from '../../platform/auth/login-attempts';
import { accountChangeNotice } from './mails';

type ProfileUpdate = z.output<typeof profileUpdateRequestSchema>;

const emailChanged = (account: UserRow, email: string) => email.toLowerCase() !== account.email.toLowerCase();

/** A customer's architect changes the details; password and e-mail address stay the customer's (ProfileEdit). */
function refuseCredentialChange(account: UserRow, request: ProfileUpdate): void {
  const field = request.password ? 'password' : emailChanged(account, request.email) ? 'email' : null;
  if (field === null) return;
  throw new AppError('FORBIDDEN', serverMessages.onlyOwnCredentials, { issues: [{ path: `body/${field}`, message: serverMessages.onlyOwnCredentials }] });
}

export function createProfileService(deps: {
  data: DataLayer;
  limiter: AttemptLimiter;
  mails: Pick<MailQueue, 'enqueue' | 'wake'>;
  sessions: Pick<SessionService, 'invalidate'>;
  /** Whom others may reach changed with a deleted account (its chats, its projects): live subscriptions are checked again. */
  accessChanged: () => Promise<void>;
}) {
  const { data, limiter } = deps;

  /**
   * A stolen session must not be enough to take the account over (change the e-mail, then reset
   * the password). Wrong guesses count against the same limit as logins.
   */
  async function requireCurrentPassword(account: UserRow, currentPassword: string | null | undefined): Promise<void> {
    if (!currentPassword) throw fieldError('CURRENT_PASSWORD_REQUIRED', 'currentPassword', serverMessages.currentPasswordRequired);
    const verdict = await limiter.hit([accountKey(account.username)]);
    if (!verdict.allowed) throw tooManyRequests(serverMessages.tooManyAttempts, verdict.retryAfterSeconds);
    if (!account.passwordHash || !(await verifyPassword(account.passwordHash, currentPassword))) {
      throw fieldError('CURRENT_PASSWORD_WRONG', 'currentPassword', serverMessages.currentPasswordWrong);
    }
    await limiter.reset(accountKey(account.username));
  }

  return {
    get: (account: CheckedAccount<'view'>): Profile => toProfile(account),

    /**
     * Changes a profile: one's own, or a customer's details (ProfileEdit). A new password or e-mail
     * address needs the current password, ends every other session and every pending reset link,
     * and is announced to the old address.
     */
    async update(caller: AuthUser, edit: ProfileEdit, request: ProfileUpdate): Promise<Profile> {
      const { account } = edit;
      if (edit.scope === 'customer') refuseCredentialChange(account, request);
      const newEmail = emailChanged(account, request.email) ? request.email : null;
      const newPassword = request.password ?? null;
      const sensitive = newEmail !== null || newPassword !== null;
      if (sensitive) await requireCurrentPassword(account, request.currentPassword);
      if (newPassword) await requireStrongPassword(newPassword, { ...request, username: account.username });
      const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
      const saved = await data.transaction(async (repos) => {
        const { users } = repos;
        const now = new Date().toISOString();
        await users.update(account.id, {
          firstName: request.firstName,
          lastName: request.lastName,
          email: request.email,
          phoneNumber: request.phoneNumber,
          street: request.address.street,
          houseNumber: request.address.number,
          city: request.address.city,
          state: request.address.state,
          postalCode: request.address.postalCode,
          country: request.address.country,
          municipality: request.address.municipality,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: now,
        });
        if (sensitive) {
          await repos.sessions.revokeAllOfUser(account.id, now, caller.sessionId);
          await repos.accountTokens.retireAll(account.id, 'PASSWORD_RESET', now);
        }
        const updated = await users.getById(account.id);
        // To the old address: whoever took the account over does not read it.
        if (sensitive && account.email) {
          await deps.mails.enqueue(repos.mailOutbox, 'ACCOUNT_CHANGE', accountChangeNotice(updated, account.email, { password: newPassword !== null, email: newEmail }));
        }
        return updated;
      });
      if (sensitive) {
        deps.mails.wake();
        await deps.sessions.invalidate({ userIds: [account.id] });
      }
      return toProfile(saved);
    },

    /**
     * Removes the account (sessions, links, memberships and settings go with it; its projects
     * stay, unassigned). The last administrator stays.
     */
    async delete(account: CheckedAccount<'delete'>): Promise<void> {
      await data.transaction(async ({ users }) => {
        if (account.role === 'ADMIN' && (await users.countAdministratorsLocked()) <= 1) throw conflict(serverMessages.lastAdmin);
        await users.delete(account.id);
      });
      // Its sessions went with it (ON DELETE CASCADE): no instance may answer them from memory.
      await deps.sessions.invalidate({ userIds: [account.id] });
      await deps.accessChanged();
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
