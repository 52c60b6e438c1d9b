import { createHash, randomBytes } from 'node:crypto';

export const invitationValidityMs = 7 * 24 * 3_600_000;
export const passwordResetValidityMs = 3_600_000;

/** 256 random bits for the link; only the SHA-256 of it is stored, so a database leak opens no account. */
export function newAccountToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAccountToken(token) };
}

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
