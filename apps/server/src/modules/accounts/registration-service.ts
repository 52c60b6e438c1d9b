import { serverMessages, type Invitation, type registerRequestSchema } from '@bauakte/domain';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { hashPassword } from '../../platform/auth/password';
import { requireStrongPassword } from '../../platform/auth/password-policy';
import type { DataLayer } from '../../platform/db/repositories';
import type { UserRow } from '../../platform/db/schema';
import { toProfile } from '../../platform/db/users-repository';
import { consumeLink, tokenOwner } from './links';

type RegisterRequest = z.output<typeof registerRequestSchema>;

/** Architects and admins register without an address (spec section 5); everyone else needs one. */
function needsAddress(user: UserRow): boolean {
  return user.role !== 'ARCHI' && user.role !== 'ADMIN';
}

export function createRegistrationService(deps: { data: DataLayer }) {
  const invitedUser = (token: string) => tokenOwner(deps.data.repos, token, 'INVITATION', 'INVITED');

  return {
    async invitation(token: string): Promise<Invitation> {
      const { user } = await invitedUser(token);
      const { address, ...person } = toProfile(user);
      const { city, municipality, street, number, postalCode, country } = address;
      return { ...person, address: { city, municipality, street, number, postalCode, country } };
    },

    /** Sets password and details and activates the account; the role stays the invitation's. */
    async register(token: string, request: RegisterRequest): Promise<void> {
      const owner = await invitedUser(token);
      const { user } = owner;
      const address = needsAddress(user) ? request.address : undefined;
      if (needsAddress(user) && !address) throw badRequest(serverMessages.addressRequired);
      await requireStrongPassword(request.password, { ...request, username: user.username });
      const passwordHash = await hashPassword(request.password);
      await deps.data.transaction(async (repos) => {
        await consumeLink(repos, owner);
        await repos.users.update(user.id, {
          firstName: request.firstName,
          lastName: request.lastName,
          email: request.email,
          phoneNumber: request.phone,
          ...(address
            ? {
                street: address.street,
                houseNumber: address.houseNumber,
                postalCode: address.postalCode,
                city: address.city,
                municipality: address.community,
                country: address.country,
              }
            : {}),
          passwordHash,
          status: 'ACTIVE',
          updatedAt: new Date().toISOString(),
        });
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
