import type { ThrottleRepository } from './repository';

export interface AttemptRule {
  maxAttempts: number;
  windowMs: number;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts attempts per key (one account, one address) in the database, so every instance behind a
 * load balancer sees the same counts. An attempt is counted before it is checked
 * (increment-then-check): checking first and counting the failure afterwards let 300 parallel
 * guesses through against a limit of 10.
 */
export function createAttemptLimiter(repository: ThrottleRepository, rules: Record<string, AttemptRule>) {
  function ruleFor(key: string): AttemptRule {
    const prefix = key.slice(0, key.indexOf(':'));
    const rule = rules[prefix];
    if (!rule) throw new Error(`no attempt rule for key prefix "${prefix}"`);
    return rule;
  }

  return {
    /** Counts this attempt under every key; refused when any key is past its limit. */
    async hit(keys: string[]): Promise<AttemptVerdict> {
      const now = Date.now();
      let blocked = false;
      let retryAfterMs = 1000;
      for (const key of keys) {
        const rule = ruleFor(key);
        const cutoff = new Date(now - rule.windowMs).toISOString();
        const { attempts, windowStartedAt } = await repository.countAttempt(key, new Date(now).toISOString(), cutoff);
        if (attempts <= rule.maxAttempts) continue;
        blocked = true;
        retryAfterMs = Math.max(retryAfterMs, Date.parse(windowStartedAt) + rule.windowMs - now);
      }
      return blocked ? { allowed: false, retryAfterSeconds: retryAfterMs / 1000 } : { allowed: true };
    },

    /** The attempt succeeded: it was no guess, so it does not count against a shared address. */
    async forgive(key: string): Promise<void> {
      await repository.forgive(key);
    },

    /** Starts the key afresh (a successful login clears the account's count). */
    async reset(key: string): Promise<void> {
      await repository.remove(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
