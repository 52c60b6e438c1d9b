import type { FastifyRequest } from 'fastify';
import type { Role } from '@bauakte/domain';
import { forbidden, unauthenticated } from '../errors';
import type { AuthUser } from '../auth/sessions';

/**
 * The one place that decides who may act. Route handlers ask here; no handler checks a role itself.
 * Objects a caller may not see answer 404 (see the object-level rules of later modules);
 * actions a role may not take answer 403.
 */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function hasAnyRole(user: AuthUser, allowed: readonly Role[]): boolean {
  return user.roles.some((role) => allowed.includes(role));
}

export function requireRole(user: AuthUser, allowed: readonly Role[]): AuthUser {
  if (!hasAnyRole(user, allowed)) throw forbidden();
  return user;
}

/** The caller may name only themselves where a path carries a username (e.g. logout, own settings). */
export function isSelf(user: AuthUser, username: string): boolean {
  return user.username.toLowerCase() === username.toLowerCase();
}
