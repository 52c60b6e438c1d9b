import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../platform/auth/password';
import { estimatePasswordStrength } from '@bauakte/domain';
import type { UserRepository } from '../../platform/db/users-repository';

export interface FirstAdminOptions {
  username: string | undefined;
  password: string | undefined;
}

/**
 * On a database without an administrator, creates one: from ADMIN_USERNAME / ADMIN_PASSWORD, or else
 * as "admin" with a random password that is written to the log this one time only.
 */
/** What the first administrator's creation logs with: the server's logger, or the demo seeder's console lines. */
export type FirstAdminLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export async function ensureFirstAdmin(users: UserRepository, options: FirstAdminOptions, log: FirstAdminLog): Promise<void> {
  if ((await users.countByRole('ADMIN')) > 0) return;
  const username = options.username ?? 'admin';
  const password = options.password ?? randomBytes(12).toString('base64url');
  if (await users.findByUsername(username)) {
    throw new Error(`ADMIN_USERNAME "${username}" is already taken by a user who is not an administrator`);
  }
  const now = new Date().toISOString();
  await users.insert({
    username,
    role: 'ADMIN',
    status: 'ACTIVE',
    passwordHash: await hashPassword(password),
    createdAt: now,
    updatedAt: now,
  });
  if (options.password) {
    log.info({ username }, 'first administrator created from ADMIN_USERNAME / ADMIN_PASSWORD');
    // The operator's choice is kept, but a guessable one is worth a word before anyone else finds it.
    if (!(await estimatePasswordStrength(password, [username])).acceptable) {
      log.warn({ username }, 'ADMIN_PASSWORD is easy to guess: change it after the first login');
    }
  } else {
    log.warn(`first administrator created: username ${username} password ${password} (shown only this once; change it after logging in)`);
  }
}
