import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import type { PerUserBudgets } from '../../config';
import type { AuthUser } from '../auth/sessions';
import { callerOf } from '../access/access';
import { tooManyRequests } from '../errors';
import { createAttemptLimiter, type AttemptRule } from './attempt-limiter';
import type { ThrottleRepository } from './repository';

/** A budget of requests per user that an expensive route draws on. */
export type RouteBudget = keyof PerUserBudgets;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Each call counts against this budget of the authenticated caller; beyond it 429 with Retry-After. */
    perUserBudget?: RouteBudget;
  }
}

/** The budgets are per minute; a request beyond one waits for the minute that began with its first. */
export const budgetWindowMs = 60_000;

const keyOf = (budget: RouteBudget, user: Pick<AuthUser, 'id'>) => `per-user-${budget}:${user.id}`;

function rulesOf(perMinute: PerUserBudgets): Record<string, AttemptRule> {
  return Object.fromEntries(
    Object.entries(perMinute).map(([budget, maxAttempts]) => [`per-user-${budget}`, { maxAttempts, windowMs: budgetWindowMs }]),
  );
}

/**
 * Per-user budgets of the expensive routes (uploads, exports, chat messages, searches, PDF page
 * renders), counted in the database like login attempts, so that every instance behind a load
 * balancer sees the same count. Keyed by the user's id only: the authenticated caller's, or the
 * viewer a signed page link was made for; nothing a caller sends can move the count.
 */
export function createRouteLimits(repository: ThrottleRepository, perMinute: PerUserBudgets) {
  const limiter = createAttemptLimiter(repository, rulesOf(perMinute));

  /** Counts one request of the user against the budget; throws 429 (with `message`) when it is used up. */
  async function charge(user: Pick<AuthUser, 'id'>, budget: RouteBudget, message: string = serverMessages.tooManyRequests): Promise<void> {
    const verdict = await limiter.hit([keyOf(budget, user)]);
    if (!verdict.allowed) throw tooManyRequests(message, verdict.retryAfterSeconds);
  }

  return {
    charge,
    /**
     * Charges routes that name a budget in their config (`config: { perUserBudget: 'upload' }`).
     * A preHandler runs after the token and the route's role guard: a refused caller costs nothing,
     * and the body (an upload's file) is not read yet.
     */
    install(app: FastifyInstance): void {
      app.addHook('preHandler', async (request: FastifyRequest) => {
        const budget = request.routeOptions.config.perUserBudget;
        if (budget) await charge(callerOf(request), budget);
      });
    },
  };
}

export type RouteLimits = ReturnType<typeof createRouteLimits>;
