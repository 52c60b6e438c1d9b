import type { ThrottleRepository } from './repository';

export interface AttemptRule {
  maxFailures: number;
  windowMs: number;
}

/**
 * Counts failed attempts per key (e.g. one account, one address) in the database, so that every
 * instance behind a load balancer sees the same counts.
 */
export function createAttemptLimiter(repository: ThrottleRepository, rules: Record<string, AttemptRule>) {
  function ruleFor(key: string): AttemptRule {
    const prefix = key.slice(0, key.indexOf(':'));
    const rule = rules[prefix];
    if (!rule) throw new Error(`no attempt rule for key prefix "${prefix}"`);
    return rule;
  }

  return {
    async isBlocked(keys: string[]): Promise<boolean> {
      const now = Date.now();
      for (const key of keys) {
        const rule = ruleFor(key);
        const entry = await repository.find(key);
        const inWindow = entry && now - Date.parse(entry.windowStartedAt) < rule.windowMs;
        if (inWindow && entry.failures >= rule.maxFailures) return true;
      }
      return false;
    },

    async recordFailure(keys: string[]): Promise<void> {
      const now = new Date();
      for (const key of keys) {
        const cutoff = new Date(now.getTime() - ruleFor(key).windowMs).toISOString();
        await repository.countFailure(key, now.toISOString(), cutoff);
      }
    },

    async reset(key: string): Promise<void> {
      await repository.remove(key);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
