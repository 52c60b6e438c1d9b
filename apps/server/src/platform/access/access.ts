import type { FastifyRequest } from 'fastify';
import type { Role } from '@bauakte/domain';
import { forbidden, notFound, unauthenticated } from '../errors';
import type { AuthUser } from '../auth/sessions';
import type { AccessRepository } from './repository';

/**
 * The one place that decides who may act. Route handlers and services ask here; nobody checks a
 * role inline. Objects a caller may not see answer 404; actions a role may not take answer 403.
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

/** A route-level guard: `preHandler: onlyRoles('ADMIN')`. */
export function onlyRoles(...allowed: Role[]) {
  return async (request: FastifyRequest) => {
    requireRole(callerOf(request), allowed);
  };
}

/** Where a path names a user, the caller may name only themselves (logout, own settings). */
export function isSelf(user: AuthUser, username: string): boolean {
  return user.username.toLowerCase() === username.toLowerCase();
}

export function requireSelf(user: AuthUser, username: string): void {
  if (!isSelf(user, username)) throw notFound();
}

/** What the policy needs to know of another account. */
export interface AccountRef {
  id: number;
  role: Role;
  createdById: number | null;
}

/** What the policy needs to know of a project. */
export interface ProjectRef {
  createdById: number | null;
  assignedUserId: number | null;
}

export function createAccessPolicy(repository: AccessRepository) {
  /** An architect's customers: clients created by the architect or by a team-mate. */
  async function isCustomerOf(caller: AuthUser, account: AccountRef): Promise<boolean> {
    if (!hasAnyRole(caller, ['ARCHI']) || account.role !== 'CLIENT' || account.createdById === null) return false;
    return (await repository.teamMateIds(caller.id)).includes(account.createdById);
  }

  /** The architects whose customers and projects the caller works on: the caller and team-mates. */
  async function architectScope(caller: AuthUser): Promise<number[]> {
    return hasAnyRole(caller, ['ARCHI']) ? repository.teamMateIds(caller.id) : [];
  }

  async function canSeeProject(caller: AuthUser, project: ProjectRef): Promise<boolean> {
    if (hasAnyRole(caller, ['CLIENT']) && project.assignedUserId === caller.id) return true;
    if (!hasAnyRole(caller, ['ARCHI']) || project.createdById === null) return false;
    return (await architectScope(caller)).includes(project.createdById);
  }

  return {
    isCustomerOf,
    architectScope,
    canSeeProject,

    /** Editing, deleting and exporting a project: its architects, never its client. */
    async canManageProject(caller: AuthUser, project: ProjectRef): Promise<boolean> {
      return hasAnyRole(caller, ['ARCHI']) && canSeeProject(caller, project);
    },

    /** An architect named in a path (customer and project lists): the caller or a team-mate. */
    async canSeeArchitect(caller: AuthUser, account: AccountRef): Promise<boolean> {
      if (account.role !== 'ARCHI') return false;
      return (await architectScope(caller)).includes(account.id);
    },

    /** Who may read a profile: the user, an admin, and the client's architects. */
    async canViewAccount(caller: AuthUser, account: AccountRef): Promise<boolean> {
      if (caller.id === account.id || hasAnyRole(caller, ['ADMIN'])) return true;
      return isCustomerOf(caller, account);
    },

    /** Who may change a profile's details or password: only its owner. */
    canEditAccount(caller: AuthUser, account: AccountRef): boolean {
      return caller.id === account.id;
    },

    /** Who may delete an account: its owner, and the client's architects. */
    async canDeleteAccount(caller: AuthUser, account: AccountRef): Promise<boolean> {
      return caller.id === account.id || isCustomerOf(caller, account);
    },

    /** Who may send an invitation again: admins for architects, architects for their customers. */
    async canReinvite(caller: AuthUser, account: AccountRef): Promise<boolean> {
      if (hasAnyRole(caller, ['ADMIN'])) return account.role === 'ARCHI';
      return isCustomerOf(caller, account);
    },
  };
}

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
