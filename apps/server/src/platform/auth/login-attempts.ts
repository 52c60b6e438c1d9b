import { usernameKey } from '@bauakte/domain';

/**
 * Password guesses are counted per account and per address, by login and by the profile's
 * password check alike, so neither door lets more guesses through than the other.
 */

/** Attempts before 429: per account well under the 30 the first review allowed; per address a little more. */
export const loginAttemptRules = {
  account: { maxAttempts: 10, windowMs: 15 * 60_000 },
  address: { maxAttempts: 25, windowMs: 15 * 60_000 },
};

export const accountKey = (username: string) => `account:${usernameKey(username)}`;
