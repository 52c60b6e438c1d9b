import { pageWindow, serverMessages, type createCustomerRequestSchema, type Customer, type ListPageQuery } from '@bauakte/domain';
import type { z } from 'zod';
import { requireOwnName, type AccessPolicy, type CheckedArchitect } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer } from '../../platform/db/repositories';
import { isUniqueViolation } from '../../platform/db/errors';
import { fieldError } from '../../platform/errors';
import type { InvitationService } from '../accounts/invitation-service';

type CreateCustomer = z.output<typeof createCustomerRequestSchema>;

/**
 * Usernames are unique across the installation, but an architect may only learn that one cannot
 * be used — not that somebody in another office has it.
 */
const usernameUnavailable = () => fieldError('USERNAME_UNAVAILABLE', 'username', serverMessages.usernameUnavailable);

export function createCustomerService(deps: {
  data: DataLayer;
  access: AccessPolicy;
  invitations: InvitationService;
}) {
  const { access } = deps;
  const { users, customers } = deps.data.repos;

  function insertInvited(caller: AuthUser, { username, firstName, lastName, email, address }: CreateCustomer) {
    const { street, number: houseNumber, city, country, postalCode } = address;
    const client = { username, firstName, lastName, email, street, houseNumber, city, country, postalCode, role: 'CLIENT' as const };
    return deps.data.transaction((repos) => deps.invitations.invite(repos, caller, client, new Date().toISOString()));
  }

  return {
    /** Creates an invited client of the caller with its invitation link and queued mail. */
    async create(caller: AuthUser, request: CreateCustomer): Promise<Customer> {
      requireOwnName(caller, request.creationName);
      if (await users.findByUsername(request.username)) throw usernameUnavailable();
      let id: number;
      try {
        id = await insertInvited(caller, request);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameUnavailable();
        throw error;
      }
      deps.invitations.queued();
      return customers.getById(id);
    },

    /**
     * The customers of the architect in the path: for the caller, everyone the team works for;
     * for a team-mate, that team-mate's own.
     */
    async list(caller: AuthUser, architect: CheckedArchitect, page: ListPageQuery): Promise<Customer[]> {
      const creators = architect.id === caller.id ? await access.architectScope(caller) : [architect.id];
      return customers.listCreatedBy(creators, pageWindow(page));
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
