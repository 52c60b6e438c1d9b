import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { pathUsername, requestId, type Role } from '@bauakte/domain';
import type { AuthUser } from '../auth/sessions';
import { forbidden, invalidJson, unauthenticated, validationFailed } from '../errors';
import { bodyIssues, UnreadableBody } from '../http/request-body';
import {
  hasAnyRole, type AccessPolicy, type AccountPermission, type ChatPermission, type CheckedAccount, type CheckedArchitect, type CheckedChat,
  type CheckedChatPartner, type CheckedCustomer, type CheckedPin, type CheckedProject, type CheckedQuestionPhoto, type PinPermission, type QuestionPhotoPermission, type ProfileEdit, type ProjectPermission,
} from './access';

/** Where the request names the object acted on: a path parameter, a query parameter or a body field. */
export type Address = `params.${string}` | `query.${string}` | `body.${string}`;

type Resolve<T> = (policy: AccessPolicy, caller: AuthUser, request: FastifyRequest) => Promise<T>;

/**
 * What a route may be used for, declared in its options (`config: { access }`) and decided before
 * its body is validated: the roles that may call it (403 for others, before the body is read) and
 * the object it acts on, looked up through the access policy (404 for objects the caller may not
 * see). The handler takes the checked object with `of(request)`.
 */
export interface RouteAccess<T> {
  readonly roles: readonly Role[] | null;
  readonly resolve: Resolve<T> | null;
  /** The same object, for callers of these roles only. */
  for(...roles: Role[]): RouteAccess<T>;
  /** The object the policy checked for this request. */
  of(request: FastifyRequest): T;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may use the route and the object it acts on (requires.project(…), requires.roles(…), …). */
    access?: RouteAccess<unknown>;
  }
  interface FastifyRequest {
    /** What the route's access declaration resolved, read through the declaration's `of`. */
    accessed: { readonly by: RouteAccess<unknown>; readonly value: unknown } | null;
  }
}

/** A body that names no object at all is judged first: 400 when it is invalid. */
class NamesNothing {}
const namesNothing = new NamesNothing();

function rawValue(request: FastifyRequest, address: Address): unknown {
  const dot = address.indexOf('.');
  const part = address.slice(0, dot) as 'params' | 'query' | 'body';
  const source: unknown = request[part];
  const isObject = typeof source === 'object' && source !== null && !Array.isArray(source) && !(source instanceof UnreadableBody);
  return isObject ? (source as Record<string, unknown>)[address.slice(dot + 1)] : undefined;
}

/** An id as the spec's clients send it: a number or its text; anything else names nothing. */
function idAt(request: FastifyRequest, address: Address): number | null | NamesNothing {
  const value = rawValue(request, address);
  return typeof value === 'number' || typeof value === 'string' ? requestId(value) : namesNothing;
}

function usernameAt(request: FastifyRequest, address: Address): string | null | NamesNothing {
  const value = rawValue(request, address);
  return typeof value === 'string' ? pathUsername(value) : namesNothing;
}

/**
 * A route that reads a page of what it looks up validates its query first, as Fastify would: a bad
 * page is refused with the same 400, before the object is looked up.
 */
function refuseInvalidQuery(request: FastifyRequest): void {
  const result: unknown = request.getValidationFunction('querystring')?.(request.query ?? null);
  const issues = typeof result === 'object' && result !== null && 'error' in result ? result.error : undefined;
  if (issues) throw Object.assign(new Error('querystring is invalid'), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation: issues, validationContext: 'querystring' });
}

/** The body of a request that names nothing to decide access on: valid or refused at once. */
function judgeBodyFirst(request: FastifyRequest): void {
  if (request.body instanceof UnreadableBody) throw invalidJson();
  const schema = request.routeOptions.schema?.body as z.ZodType | undefined;
  const result = schema?.safeParse(request.body);
  if (result && !result.success) throw validationFailed(bodyIssues(result.error));
}

function named<A, T>(read: (request: FastifyRequest, address: Address) => A | NamesNothing, address: Address, check: (policy: AccessPolicy, caller: AuthUser, value: A | null) => Promise<T>): Resolve<T> {
  return (policy, caller, request) => {
    const value = read(request, address);
    if (value instanceof NamesNothing) judgeBodyFirst(request);
    return check(policy, caller, value instanceof NamesNothing ? null : value);
  };
}

function declaration<T>(roles: readonly Role[] | null, resolve: Resolve<T> | null): RouteAccess<T> {
  const declared: RouteAccess<T> = {
    roles,
    resolve,
    for: (...only) => declaration(only, resolve),
    of(request) {
      // Any declaration made from the same resolve serves: `x.for('ARCHI')` in the options, `x.of` in the handler.
      if (request.accessed === null || request.accessed.by.resolve !== resolve) throw new Error('the route does not declare this access');
      return request.accessed.value as T;
    },
  };
  return declared;
}

/** The access declarations a route may make, one per question the access policy answers. */
export const requires = {
  /** Callers of these roles only; no object. */
  roles: (...roles: Role[]): RouteAccess<void> => declaration(roles, null),
  project: <P extends ProjectPermission>(address: Address, need: P): RouteAccess<CheckedProject<P>> =>
    declaration(null, named(idAt, address, (policy, caller, id) => policy.project(caller, id, need))),
  chat: <P extends ChatPermission>(address: Address, need: P): RouteAccess<CheckedChat<P>> =>
    declaration(null, named(idAt, address, (policy, caller, id) => policy.chat(caller, id, need))),
  pin: <P extends PinPermission>(address: Address, need: P): RouteAccess<CheckedPin<P>> =>
    declaration(null, named(idAt, address, (policy, caller, id) => policy.pin(caller, id, need))),
  questionPhoto: <P extends QuestionPhotoPermission>(address: Address, need: P): RouteAccess<CheckedQuestionPhoto<P>> =>
    declaration(null, named(idAt, address, (policy, caller, id) => policy.questionPhoto(caller, id, need))),
  account: <P extends AccountPermission>(address: Address, need: P): RouteAccess<CheckedAccount<P>> =>
    declaration(null, named(usernameAt, address, (policy, caller, username) => policy.account(caller, username, need))),
  profileEdit: (address: Address): RouteAccess<ProfileEdit> =>
    declaration(null, named(usernameAt, address, (policy, caller, username) => policy.profileEdit(caller, username))),
  architect: (address: Address): RouteAccess<CheckedArchitect> =>
    declaration(null, named(usernameAt, address, (policy, caller, username) => policy.architect(caller, username))),
  chatPartner: (address: Address): RouteAccess<CheckedChatPartner> =>
    declaration(null, named(usernameAt, address, (policy, caller, username) => policy.chatPartner(caller, username))),
  /** A path that names a user the caller may only name themselves. */
  self: (address: Address): RouteAccess<AuthUser> =>
    declaration(null, named(usernameAt, address, async (policy, caller, username) => policy.self(caller, username))),
  /** A customer the body may name (or leave blank: then none, and the body is judged as usual). */
  optionalCustomer: (address: Address): RouteAccess<CheckedCustomer | null> =>
    declaration(null, async (policy, caller, request) => {
      const username = usernameAt(request, address);
      return typeof username === 'string' ? policy.customer(caller, username) : null;
    }),
};

/** A route's own hooks of one kind, with one more after them. */
function withHook<H>(own: H | H[] | undefined, added: H): H[] {
  if (own === undefined) return [added];
  return Array.isArray(own) ? [...own, added] : [own, added];
}

type Hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * Decides every route's declared access: the roles right after the token is read (before the body
 * is parsed, so a wrong role always learns 403), the object before the body is validated (so a
 * caller who may not touch it learns 404 whatever the body holds). Only then is a body that is not
 * JSON refused. Installed after authentication, so the caller is known. The roles and the object
 * are hooks of the routes that declare them, added as each route is registered: a request pays for
 * what its route declares, not for a look at every other route's declaration.
 */
export function installRouteAccess(app: FastifyInstance, policy: AccessPolicy): void {
  app.decorateRequest('accessed', null);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    const roles = declared?.roles;
    if (roles) {
      const checkRoles: Hook = (request, _reply, done) => done(!request.user ? unauthenticated() : hasAnyRole(request.user, roles) ? undefined : forbidden());
      route.onRequest = withHook(route.onRequest as Hook | Hook[] | undefined, checkRoles) as RouteOptions['onRequest'];
    }
    const resolve = declared?.resolve;
    if (!resolve) return;
    const resolveObject = async (request: FastifyRequest) => {
      // A public route's caller may be nobody (the logout beacon): then there is nothing to look up.
      if (request.user) {
        refuseInvalidQuery(request);
        request.accessed = { by: declared, value: await resolve(policy, request.user, request) };
      }
      if (request.body instanceof UnreadableBody) throw invalidJson();
    };
    route.preValidation = withHook(route.preValidation as unknown, resolveObject) as RouteOptions['preValidation'];
  });
  // Any other request (unknown routes included) with a body that is not JSON is refused here.
  app.addHook('preValidation', (request, _reply, done) => {
    done(request.body instanceof UnreadableBody && !request.routeOptions.config.access?.resolve ? invalidJson() : undefined);
  });
}
