import { hash, verify } from '@node-rs/argon2';

// The library's default algorithm is argon2id (checked by password.test.ts); its const enum cannot be
// imported under isolatedModules. Parameters: OWASP's minimum for argon2id (19 MiB, 2 passes).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** How many argon2 verifications ran: what the login throttle exists to bound. */
export const passwordCheckCounter = { verifications: 0 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordCheckCounter.verifications += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash, so that a login for an unknown or unregistered user takes
 * as long as one with a wrong password and does not reveal which usernames exist.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('bauakte-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
