import type { FastifyRequest } from 'fastify';
import { sameUsername, serverMessages, type Role } from '@bauakte/domain';
import { forbidden, notFound, unauthenticated } from '../errors';
import type { AuthUser } from '../auth/sessions';
import type { PageWindow } from '../db/database';
import type { UserRow } from '../db/schema';
import type { AccessRepository, ChatParticipantRef, ChatRef, PinRef, ProjectRef } from './repository';
import type { TeamScopeCache } from './team-scope-cache';

export type { ChatRef, PinRef, ProjectRef } from './repository';

/**
 * The one place that decides who may act. A route asks here first — before it reads the body —
 * and hands what it gets to the service: services take checked objects, never ids or usernames
 * from a path. Objects a caller may not see answer 404; actions a role may not take answer 403.
 */

declare const checkedBy: unique symbol;
/** Something the policy looked up and allowed for a permission; only this module makes them. */
type Checked<T, Permission extends string> = T & { readonly [checkedBy]: Permission };

export type ProjectPermission = 'read' | 'manage';
/** A project the caller may read (its architects and its client) or manage (its architects). */
export type CheckedProject<P extends ProjectPermission = ProjectPermission> = Checked<ProjectRef, P>;

export type AccountPermission = 'view' | 'edit' | 'edit-details' | 'delete' | 'reinvite';
/** An account the caller may view, edit (all of it), edit the details of, delete or invite again. */
export type CheckedAccount<P extends AccountPermission = AccountPermission> = Checked<UserRow, P>;

/**
 * A profile the caller may change: their own entirely ('own'), or a customer's details ('customer':
 * names, phone, address). Password and e-mail address stay the account holder's, as a new one of
 * either opens the account to whoever set it (a reset link goes to the e-mail address).
 */
export type ProfileEdit =
  | { readonly scope: 'own'; readonly account: CheckedAccount<'edit'> }
  | { readonly scope: 'customer'; readonly account: CheckedAccount<'edit-details'> };

/** An architect named in a path: the caller or a team-mate (whose lists are asked for by id). */
export type CheckedArchitect = Checked<Pick<UserRow, 'id' | 'username'>, 'architect'>;
/** A client of the caller's team, to whom a project may be assigned. */
export type CheckedCustomer = Checked<UserRow, 'customer'>;

/** Someone the caller may chat with: an architect's customer, or a client's architect. */
export type CheckedChatPartner = Checked<UserRow, 'chat-partner'>;

export type ChatPermission = 'read' | 'write' | 'delete';
/** A chat the caller takes part in ('read'), may still write into ('write') or may delete ('delete'). */
export type CheckedChat<P extends ChatPermission = ChatPermission> = Checked<Pick<ChatRef, 'id' | 'firstUserId' | 'secondUserId'> & { otherUserId: number; otherUsername: string }, P>;

export type PinPermission = 'edit';
/** A pin on a plan the caller placed, in a project they may still read: only its author moves, changes or deletes it. */
export type CheckedPin<P extends PinPermission = PinPermission> = Checked<PinRef, P>;

export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function hasAnyRole(user: AuthUser, allowed: readonly Role[]): boolean {
  return user.roles.some((role) => allowed.includes(role));
}

/**
 * Whose 'Projekte mit Neuerungen' a change by the caller is no news to: an architect's own (the
 * list is kept for architects only); null for anyone else.
 */
export function newsSeenBy(caller: AuthUser): number | null {
  return hasAnyRole(caller, ['ARCHI']) ? caller.id : null;
}

/** Where a path names a user, the caller may name only themselves (logout, own settings). */
export function isSelf(user: AuthUser, username: string | null): boolean {
  return username !== null && sameUsername(user.username, username);
}

/** The caller, named by a creationName that the spec's forms send: anything else is refused. */
export function requireOwnName(caller: AuthUser, creationName: string | null | undefined): void {
  if (creationName && !isSelf(caller, creationName)) throw forbidden(serverMessages.onlyOwnName);
}

function allow<T, P extends string>(value: T): Checked<T, P> {
  return value as Checked<T, P>;
}

export function createAccessPolicy(repository: AccessRepository, teamScopes?: TeamScopeCache) {
  /** The architects whose customers and projects the caller works on: the caller and team-mates. */
  async function architectScope(caller: AuthUser): Promise<number[]> {
    if (!hasAnyRole(caller, ['ARCHI'])) return [];
    const read = () => repository.teamMateIds(caller.id);
    return teamScopes ? teamScopes.scopeOf(caller.id, read) : read();
  }

  /** An architect's customers: clients created by the architect or by a team-mate. */
  async function isCustomerOf(caller: AuthUser, account: UserRow): Promise<boolean> {
    if (account.role !== 'CLIENT' || account.createdById === null) return false;
    return (await architectScope(caller)).includes(account.createdById);
  }

  /** The project's client, or its creator's architects: the creator and team-mates (architectScope). */
  function canSeeProject(caller: AuthUser, project: ProjectRef & { createdByTeam: boolean }): boolean {
    if (hasAnyRole(caller, ['CLIENT']) && project.assignedUserId === caller.id) return true;
    return hasAnyRole(caller, ['ARCHI']) && project.createdByTeam;
  }

  /**
   * Chats are between an architect and a client: the client's own architects (who created the
   * account or its projects) and their team-mates. Anyone else — other offices, two clients, two
   * architects, administrators — may not chat.
   */
  async function chatPartners(caller: AuthUser, window?: PageWindow): Promise<UserRow[]> {
    if (hasAnyRole(caller, ['ARCHI'])) return repository.clientsOf(await architectScope(caller), window);
    if (hasAnyRole(caller, ['CLIENT'])) return repository.architectsAmong(await repository.teamMateIdsOfAll(await repository.ownerIdsOfClient(caller.id)), window);
    return [];
  }

  /**
   * Whether `other` is among chatPartners(caller), asked of that one account: a send must not load
   * an office's hundreds of clients to find one (bench/workload.ts).
   */
  async function mayChatWith(caller: AuthUser, other: ChatParticipantRef): Promise<boolean> {
    if (other.id === caller.id) return false;
    if (hasAnyRole(caller, ['ARCHI'])) {
      if (other.role !== 'CLIENT') return false;
      const scope = await architectScope(caller);
      return (other.createdById !== null && scope.includes(other.createdById)) || repository.hasProjectFrom(other.id, scope);
    }
    if (hasAnyRole(caller, ['CLIENT'])) {
      return other.role === 'ARCHI' && repository.isArchitectOfClient(caller.id, other.id);
    }
    return false;
  }

  async function canViewAccount(caller: AuthUser, account: UserRow): Promise<boolean> {
    if (caller.id === account.id || hasAnyRole(caller, ['ADMIN'])) return true;
    return isCustomerOf(caller, account);
  }

  async function canReinvite(caller: AuthUser, account: UserRow): Promise<boolean> {
    if (hasAnyRole(caller, ['ADMIN'])) return account.role === 'ARCHI';
    return isCustomerOf(caller, account);
  }

  async function accountNamed(username: string | null): Promise<UserRow> {
    const account = username === null ? undefined : await repository.account(username);
    if (!account) throw notFound();
    return account;
  }

  /**
   * 'view': the user, administrators and the client's architects. 'edit': only the user.
   * 'edit-details': the user and the client's architects (see ProfileEdit).
   * 'delete': the user and the client's architects. 'reinvite': administrators for architects,
   * architects for their customers. Whoever may not even view the account gets 404.
   */
  async function checkedAccount<P extends AccountPermission>(caller: AuthUser, username: string | null, permission: P): Promise<CheckedAccount<P>> {
    const account = await accountNamed(username);
    if (permission === 'reinvite') {
      if (!(await canReinvite(caller, account))) throw notFound();
      return allow(account);
    }
    if (!(await canViewAccount(caller, account))) throw notFound();
    if (permission === 'edit' && caller.id !== account.id) throw forbidden();
    const managed = permission === 'edit-details' || permission === 'delete';
    if (managed && caller.id !== account.id && !(await isCustomerOf(caller, account))) throw forbidden();
    return allow(account);
  }

  async function readableProject(caller: AuthUser, id: number | null): Promise<ProjectRef> {
    const found = id === null ? undefined : await repository.projectRefFor(id, caller.id);
    if (!found || !canSeeProject(caller, found)) throw notFound();
    const { createdByTeam: _checked, ...project } = found;
    return project;
  }

  return {
    architectScope,

    /** 'read': the project's architects and its client; 'manage' (edit, delete, export): its architects. */
    async project<P extends ProjectPermission>(caller: AuthUser, id: number | null, permission: P): Promise<CheckedProject<P>> {
      const project = await readableProject(caller, id);
      if (permission === 'manage' && !hasAnyRole(caller, ['ARCHI'])) throw forbidden();
      return allow(project);
    },

    /**
     * 'edit' (move, change, delete): the pin's author, while they may read its project. Whoever may
     * read the project sees the pin but may not change another's (403); anyone else gets 404.
     */
    async pin<P extends PinPermission>(caller: AuthUser, id: number | null, _permission: P): Promise<CheckedPin<P>> {
      const pin = id === null ? undefined : await repository.pinRef(id);
      if (!pin) throw notFound();
      await readableProject(caller, pin.projectId);
      if (pin.createdById !== caller.id) throw forbidden(serverMessages.onlyOwnPin);
      return allow(pin);
    },

    account: checkedAccount,

    /** The profile the caller may change, and how much of it (ProfileEdit); 404 or 403 as account(). */
    async profileEdit(caller: AuthUser, username: string | null): Promise<ProfileEdit> {
      const account = await checkedAccount(caller, username, 'edit-details');
      if (caller.id === account.id) return { scope: 'own', account: allow<UserRow, 'edit'>(account) };
      return { scope: 'customer', account };
    },

    /** An architect named in a path (customer and project lists): the caller or a team-mate. */
    async architect(caller: AuthUser, username: string | null): Promise<CheckedArchitect> {
      // An architect naming themselves (the dashboard's customer list) is who the session says: no look-up.
      if (isSelf(caller, username) && hasAnyRole(caller, ['ARCHI'])) return allow({ id: caller.id, username: caller.username });
      const account = await accountNamed(username);
      if (account.role !== 'ARCHI' || !(await architectScope(caller)).includes(account.id)) throw notFound();
      return allow({ id: account.id, username: account.username });
    },

    /** A customer the caller may assign a project to. */
    async customer(caller: AuthUser, username: string): Promise<CheckedCustomer> {
      const account = await repository.account(username);
      if (!account || !(await isCustomerOf(caller, account))) throw notFound(serverMessages.customerNotFound);
      return allow(account);
    },

    chatPartners,

    /** Someone the caller may start a chat with; anyone else is unknown to the caller (404). */
    async chatPartner(caller: AuthUser, username: string | null): Promise<CheckedChatPartner> {
      const account = await accountNamed(username);
      if (!(await mayChatWith(caller, account))) throw notFound();
      return allow(account);
    },

    /**
     * 'read': the chat's two participants; others get 404. 'write': a participant who may still
     * chat with the other (403 once they may not, e.g. after a customer moved to another office).
     * 'delete': participating architects and administrators (spec section 6); a client gets 403.
     */
    async chat<P extends ChatPermission>(caller: AuthUser, id: number | null, permission: P): Promise<CheckedChat<P>> {
      const chat = id === null ? undefined : await repository.chatRef(id);
      if (!chat || (chat.firstUserId !== caller.id && chat.secondUserId !== caller.id)) throw notFound();
      const other = chat.firstUserId === caller.id ? chat.second : chat.first;
      if (permission === 'delete' && !hasAnyRole(caller, ['ARCHI', 'ADMIN'])) throw forbidden();
      if (permission === 'write' && !(await mayChatWith(caller, other))) throw forbidden();
      return allow({ id: chat.id, firstUserId: chat.firstUserId, secondUserId: chat.secondUserId, otherUserId: other.id, otherUsername: other.username });
    },

    /** A path that names a user the caller may only name themselves (own settings, logout). */
    self(caller: AuthUser, username: string | null): AuthUser {
      if (!isSelf(caller, username)) throw notFound();
      return caller;
    },
  };
}

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
