import type { FastifyRequest } from 'fastify';
import { sameUsername, serverMessages, type Role } from '@bauakte/domain';
import { forbidden, notFound, unauthenticated, type AppError } from '../errors';
import type { AuthUser } from '../auth/sessions';
import type { PageWindow } from '../db/database';
import type { UserRow } from '../db/schema';
import type { AccessRepository, ChatParticipantRef, ChatRef, PinRef, ProjectRef, QuestionPhotoRef } from './repository';
import type { TeamScopeCache } from './team-scope-cache';

export type { ChatRef, PinRef, ProjectRef } from './repository';

/**
 * The one place that decides who may act. A route asks here first — before it reads the body —
 * and hands what it gets to the service: services take checked objects, never ids or usernames
 * from a path. Each object kind has one table (projectAccess, pinAccess, questionPhotoAccess, accountAccess, chatAccess):
 * who sees such an object at all — anyone else gets 404, it does not exist for them — and per
 * permission who of those may take it — anyone else gets 403.
 */

declare const checkedBy: unique symbol;
/** Something the policy looked up and allowed for a permission; only this module makes them. */
type Checked<T, Permission extends string> = T & { readonly [checkedBy]: Permission };

/** Each object kind's permissions are the keys of its table (below). */
export type ProjectPermission = keyof typeof projectAccess.may;
/** A project the caller may read (its architects and its client) or manage (its architects). */
export type CheckedProject<P extends ProjectPermission = ProjectPermission> = Checked<ProjectRef, P>;

export type AccountPermission = keyof typeof accountAccess.may;
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

export type ChatPermission = keyof typeof chatAccess.may;
/** A chat the caller takes part in ('read'), may still write into ('write') or may delete ('delete'). */
export type CheckedChat<P extends ChatPermission = ChatPermission> = Checked<Pick<ChatRef, 'id' | 'firstUserId' | 'secondUserId'> & { otherUserId: number; otherUsername: string }, P>;

export type PinPermission = keyof typeof pinAccess.may;
/** A pin on a plan of a project the caller may read ('read'), one they placed there ('edit'), whose status ('status') or assignment ('assign') they may change. */
export type CheckedPin<P extends PinPermission = PinPermission> = Checked<PinRef, P>;

export type QuestionPhotoPermission = keyof typeof questionPhotoAccess.may;
/** A photo to a question of a project the caller may read; 'remove': the uploader's or any architect's of the project. */
export type CheckedQuestionPhoto<P extends QuestionPhotoPermission = QuestionPhotoPermission> = Checked<QuestionPhotoRef, P>;

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

/** Who is asking, with what the rules may look up about them. */
interface Asking {
  caller: AuthUser;
  repository: AccessRepository;
  /** The caller's architectScope, read once per decision. */
  scope(): Promise<number[]>;
}

/** A relation of the caller to an object (or a role they hold) that a rule may ask for. */
type Who<O> = (asking: Asking, object: O) => boolean | Promise<boolean>;

interface Rule<O> {
  /** Who of those who see the object may take the action. */
  who: Who<O>;
  /** What anyone else who sees the object learns: 403 unless a rule keeps the object hidden (404). */
  refused?: () => AppError;
}

/**
 * One object kind's rules: who sees an object of it at all (to anyone else it does not exist: 404),
 * and per permission who of those may take it. A new permission is one more line in `may`.
 */
interface AccessTable<O, P extends string = string> {
  sees: Who<O>;
  may: Record<P, Rule<O>>;
}

const anyone: Who<unknown> = () => true;
const hasRole =
  (...roles: Role[]): Who<unknown> =>
  ({ caller }) =>
    hasAnyRole(caller, roles);
const anyOf =
  <O>(...whos: Array<Who<O>>): Who<O> =>
  async (asking, object) => {
    for (const who of whos) if (await who(asking, object)) return true;
    return false;
  };

/** A project with whether the caller or a team-mate of theirs created it (AccessRepository.projectRefFor). */
type ProjectSeen = ProjectRef & { createdByTeam: boolean };

const assignedClient: Who<ProjectSeen> = ({ caller }, project) => hasAnyRole(caller, ['CLIENT']) && project.assignedUserId === caller.id;
/** The project's creator and team-mates (architectScope). */
const teamArchitect: Who<ProjectSeen> = ({ caller }, project) => hasAnyRole(caller, ['ARCHI']) && project.createdByTeam;

const projectAccess = {
  sees: anyOf(assignedClient, teamArchitect),
  may: {
    read: { who: anyone },
    /** Edit, delete, export. */
    manage: { who: hasRole('ARCHI') },
  },
} satisfies AccessTable<ProjectSeen>;

/** A pin with its project as the caller sees it (none when the project is gone). */
type PinSeen = PinRef & { project: ProjectSeen | undefined };

const projectReader: Who<PinSeen> = (asking, pin) => pin.project !== undefined && projectAccess.sees(asking, pin.project);
const author: Who<PinSeen> = ({ caller }, pin) => pin.createdById === caller.id;
/** Who is responsible for the pin as an open item ('Zuständig'). */
const responsible: Who<PinSeen> = ({ caller }, pin) => pin.responsibleId !== null && pin.responsibleId === caller.id;
/** The architects of the pin's project: its creator and their team-mates. */
const projectArchitect: Who<PinSeen> = (asking, pin) => pin.project !== undefined && teamArchitect(asking, pin.project);

/**
 * A pin is an open item: its author changes its text and position and deletes it; the responsible
 * person and the project's architects change its status (reopening too); the architects decide who
 * is responsible, by when and what kind of item it is.
 */
const pinAccess = {
  sees: projectReader,
  may: {
    read: { who: anyone },
    /** Move, change the text or photo, delete. */
    edit: { who: author, refused: () => forbidden(serverMessages.onlyOwnPin) },
    /** 'Offen', 'In Bearbeitung', 'Erledigt'. */
    status: { who: anyOf(responsible, projectArchitect), refused: () => forbidden(serverMessages.pinStatusNotYours) },
    /** 'Zuständig', 'Fällig am', the kind. */
    assign: { who: projectArchitect, refused: () => forbidden(serverMessages.pinAssignArchitectsOnly) },
  },
} satisfies AccessTable<PinSeen>;

/** A photo to a question with its project as the caller sees it. */
type QuestionPhotoSeen = QuestionPhotoRef & { project: ProjectSeen | undefined };

const photoProjectReader: Who<QuestionPhotoSeen> = (asking, photo) => photo.project !== undefined && projectAccess.sees(asking, photo.project);
const uploader: Who<QuestionPhotoSeen> = ({ caller }, photo) => photo.uploadedById === caller.id;

const questionPhotoAccess = {
  sees: photoProjectReader,
  may: {
    read: { who: anyone },
    remove: { who: anyOf<QuestionPhotoSeen>(uploader, hasRole('ARCHI')), refused: () => forbidden(serverMessages.onlyOwnQuestionPhoto) },
  },
} satisfies AccessTable<QuestionPhotoSeen>;

/** An architect's customers: clients created by the architect or by a team-mate. */
const customer: Who<Pick<UserRow, 'role' | 'createdById'>> = async ({ scope }, account) =>
  account.role === 'CLIENT' && account.createdById !== null && (await scope()).includes(account.createdById);
const self: Who<Pick<UserRow, 'id'>> = ({ caller }, account) => caller.id === account.id;
const administratorOfArchitect: Who<UserRow> = ({ caller }, account) => hasAnyRole(caller, ['ADMIN']) && account.role === 'ARCHI';

/** Password and e-mail address stay the holder's ('edit'); a customer's architects change the rest (ProfileEdit). */
const accountAccess = {
  sees: anyOf<UserRow>(self, hasRole('ADMIN'), customer),
  may: {
    view: { who: anyone },
    edit: { who: self },
    'edit-details': { who: anyOf<UserRow>(self, customer) },
    delete: { who: anyOf<UserRow>(self, customer) },
    reinvite: { who: anyOf<UserRow>(administratorOfArchitect, customer), refused: () => notFound() },
  },
} satisfies AccessTable<UserRow>;

/**
 * Chats are between an architect and a client: the client's own architects (who created the
 * account or its projects) and their team-mates. Anyone else — other offices, two clients, two
 * architects, administrators — may not chat. Asked of the one account: a send must not load an
 * office's hundreds of clients to find one.
 */
async function mayChatWith({ caller, repository, scope }: Asking, other: ChatParticipantRef): Promise<boolean> {
  if (other.id === caller.id) return false;
  if (hasAnyRole(caller, ['ARCHI'])) {
    if (other.role !== 'CLIENT') return false;
    const architects = await scope();
    return (other.createdById !== null && architects.includes(other.createdById)) || repository.hasProjectFrom(other.id, architects);
  }
  if (hasAnyRole(caller, ['CLIENT'])) return other.role === 'ARCHI' && repository.isArchitectOfClient(caller.id, other.id);
  return false;
}

const otherOf = (chat: ChatRef, caller: AuthUser) => (chat.firstUserId === caller.id ? chat.second : chat.first);
const participant: Who<ChatRef> = ({ caller }, chat) => chat.firstUserId === caller.id || chat.secondUserId === caller.id;
/** A participant who may still chat with the other: not once a customer moved to another office. */
const stillPartners: Who<ChatRef> = (asking, chat) => mayChatWith(asking, otherOf(chat, asking.caller));

const chatAccess = {
  sees: participant,
  may: {
    read: { who: anyone },
    write: { who: stillPartners },
    /** Participating architects and administrators (spec section 6); a client may not. */
    delete: { who: hasRole('ARCHI', 'ADMIN') },
  },
} satisfies AccessTable<ChatRef>;

/** The decision on one object: 404 when the caller does not see it, the rule's refusal when they may not take the action. */
async function decide<O, P extends string>(table: AccessTable<O, P>, asking: Asking, object: O | undefined, permission: P): Promise<O> {
  if (object === undefined || !(await table.sees(asking, object))) throw notFound();
  const rule = table.may[permission];
  if (!(await rule.who(asking, object))) throw (rule.refused ?? forbidden)();
  return object;
}

export function createAccessPolicy(repository: AccessRepository, teamScopes?: TeamScopeCache) {
  /** The architects whose customers and projects the caller works on: the caller and team-mates. */
  async function architectScope(caller: AuthUser): Promise<number[]> {
    if (!hasAnyRole(caller, ['ARCHI'])) return [];
    const read = () => repository.teamMateIds(caller.id);
    return teamScopes ? teamScopes.scopeOf(caller.id, read) : read();
  }

  function asking(caller: AuthUser): Asking {
    let scope: Promise<number[]> | undefined;
    return { caller, repository, scope: () => (scope ??= architectScope(caller)) };
  }

  async function accountNamed(username: string | null): Promise<UserRow> {
    const account = username === null ? undefined : await repository.account(username);
    if (!account) throw notFound();
    return account;
  }

  async function checkedAccount<P extends AccountPermission>(caller: AuthUser, username: string | null, permission: P): Promise<CheckedAccount<P>> {
    return allow(await decide(accountAccess, asking(caller), await accountNamed(username), permission));
  }

  return {
    architectScope,

    async project<P extends ProjectPermission>(caller: AuthUser, id: number | null, permission: P): Promise<CheckedProject<P>> {
      const found = id === null ? undefined : await repository.projectRefFor(id, caller.id);
      const { createdByTeam: _checked, ...project } = await decide(projectAccess, asking(caller), found, permission);
      return allow(project);
    },

    async pin<P extends PinPermission>(caller: AuthUser, id: number | null, permission: P): Promise<CheckedPin<P>> {
      const pin = id === null ? undefined : await repository.pinRef(id);
      const project = pin && (await repository.projectRefFor(pin.projectId, caller.id));
      const { project: _checked, ...checked } = await decide(pinAccess, asking(caller), pin && { ...pin, project }, permission);
      return allow(checked);
    },

    async questionPhoto<P extends QuestionPhotoPermission>(caller: AuthUser, fileId: number | null, permission: P): Promise<CheckedQuestionPhoto<P>> {
      const photo = fileId === null ? undefined : await repository.questionPhotoRef(fileId);
      const project = photo && (await repository.projectRefFor(photo.projectId, caller.id));
      const { project: _checked, ...checked } = await decide(questionPhotoAccess, asking(caller), photo && { ...photo, project }, permission);
      return allow(checked);
    },

    account: checkedAccount,

    /** The profile the caller may change, and how much of it (ProfileEdit); 404 or 403 as account(). */
    async profileEdit(caller: AuthUser, username: string | null): Promise<ProfileEdit> {
      const account = await checkedAccount(caller, username, 'edit-details');
      if (caller.id === account.id) return { scope: 'own', account: allow<UserRow, 'edit'>(account) };
      return { scope: 'customer', account };
    },

    async chat<P extends ChatPermission>(caller: AuthUser, id: number | null, permission: P): Promise<CheckedChat<P>> {
      const chat = await decide(chatAccess, asking(caller), id === null ? undefined : await repository.chatRef(id), permission);
      const other = otherOf(chat, caller);
      return allow({ id: chat.id, firstUserId: chat.firstUserId, secondUserId: chat.secondUserId, otherUserId: other.id, otherUsername: other.username });
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
      if (!account || !(await customer(asking(caller), account))) throw notFound(serverMessages.customerNotFound);
      return allow(account);
    },

    /** Everyone the caller may chat with (mayChatWith), all or one page. */
    async chatPartners(caller: AuthUser, window?: PageWindow): Promise<UserRow[]> {
      if (hasAnyRole(caller, ['ARCHI'])) return repository.clientsOf(await architectScope(caller), window);
      if (hasAnyRole(caller, ['CLIENT'])) return repository.architectsAmong(await repository.teamMateIdsOfAll(await repository.ownerIdsOfClient(caller.id)), window);
      return [];
    },

    /** Someone the caller may start a chat with; anyone else is unknown to the caller (404). */
    async chatPartner(caller: AuthUser, username: string | null): Promise<CheckedChatPartner> {
      const account = await accountNamed(username);
      if (!(await mayChatWith(asking(caller), account))) throw notFound();
      return allow(account);
    },

    /** A path that names a user the caller may only name themselves (own settings, logout). */
    self(caller: AuthUser, username: string | null): AuthUser {
      if (!isSelf(caller, username)) throw notFound();
      return caller;
    },
  };
}

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
