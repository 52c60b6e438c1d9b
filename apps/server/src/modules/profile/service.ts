import { serverMessages, type Profile, type profileUpdateRequestSchema } from '@bauakte/domain';
import type { z } from 'zod';
import type { AccessPolicy } from '../../platform/access/access';
import { hashPassword } from '../../platform/auth/password';
import type { AuthUser, SessionService } from '../../platform/auth/sessions';
import type { UserRow } from '../../platform/db/schema';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { UserRepository } from '../users/repository';

type ProfileUpdate = z.output<typeof profileUpdateRequestSchema>;

export function toProfile(user: UserRow): Profile {
  return {
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    roles: [user.role],
    address: {
      street: user.street,
      number: user.houseNumber,
      city: user.city,
      state: user.state,
      postalCode: user.postalCode,
      country: user.country,
      municipality: user.municipality,
    },
  };
}

export function createProfileService(deps: { users: UserRepository; access: AccessPolicy; sessions: SessionService }) {
  const { users, access } = deps;

  /** The account behind a path's username, if the caller may see it at all (else 404). */
  async function visibleAccount(caller: AuthUser, username: string): Promise<UserRow> {
    const user = await users.findByUsername(username);
    if (!user || !(await access.canViewAccount(caller, user))) throw notFound();
    return user;
  }

  return {
    async get(caller: AuthUser, username: string): Promise<Profile> {
      return toProfile(await visibleAccount(caller, username));
    },

    /** Changes one's own profile; a new password ends every other session of the account. */
    async update(caller: AuthUser, username: string, request: ProfileUpdate): Promise<Profile> {
      const user = await visibleAccount(caller, username);
      if (!access.canEditAccount(caller, user)) throw forbidden();
      await users.update(user.id, {
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        phoneNumber: request.phoneNumber,
        street: request.address.street,
        houseNumber: request.address.number,
        city: request.address.city,
        state: request.address.state,
        postalCode: request.address.postalCode,
        country: request.address.country,
        municipality: request.address.municipality,
        ...(request.password ? { passwordHash: await hashPassword(request.password) } : {}),
        updatedAt: new Date().toISOString(),
      });
      if (request.password) await deps.sessions.endAllOf(user.id, caller.sessionId);
      return toProfile((await users.findById(user.id)) ?? user);
    },

    /** Removes the account (it can no longer log in); its sessions go with it. */
    async delete(caller: AuthUser, username: string): Promise<void> {
      const user = await visibleAccount(caller, username);
      if (!(await access.canDeleteAccount(caller, user))) throw forbidden();
      if (user.role === 'ADMIN' && (await users.countByRole('ADMIN')) <= 1) throw conflict(serverMessages.lastAdmin);
      await users.delete(user.id);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
