import { serverMessages, type Invitation, type registerRequestSchema } from '@bauakte/domain';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { hashPassword } from '../../platform/auth/password';
import type { UserRow } from '../../platform/db/schema';
import type { UserRepository } from '../users/repository';
import type { AccountTokenRepository } from './repository';
import { toProfile } from '../profile/service';
import { tokenInvalid, tokenOwner } from './token-owner';

/** Architects and admins register without an address (spec section 5); everyone else needs one. */
function needsAddress(user: UserRow): boolean {
  return user.role !== 'ARCHI' && user.role !== 'ADMIN';
}

export function createRegistrationService(deps: { users: UserRepository; tokens: AccountTokenRepository }) {
  const invitedUser = (token: string) => tokenOwner(deps, token, 'INVITATION', 'INVITED');

  return {
    async invitation(token: string): Promise<Invitation> {
      const { user } = await invitedUser(token);
      const { address, ...person } = toProfile(user);
      const { city, municipality, street, number, postalCode } = address;
      return { ...person, address: { city, municipality, street, number, postalCode } };
    },

    /** Sets password and details and activates the account; the role stays the invitation's. */
    async register(token: string, request: z.output<typeof registerRequestSchema>): Promise<void> {
      const { tokenId, user } = await invitedUser(token);
      const address = request.address;
      if (needsAddress(user) && !address) throw badRequest(serverMessages.addressRequired);
      const passwordHash = await hashPassword(request.password);
      if (!(await deps.tokens.consume(tokenId, new Date().toISOString()))) throw tokenInvalid();
      await deps.users.update(user.id, {
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        phoneNumber: request.phone,
        ...(needsAddress(user) && address
          ? {
              street: address.street,
              houseNumber: address.houseNumber,
              postalCode: address.postalCode,
              city: address.city,
              municipality: address.community,
            }
          : {}),
        passwordHash,
        status: 'ACTIVE',
        updatedAt: new Date().toISOString(),
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
