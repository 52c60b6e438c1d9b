import { serverMessages, type createCustomerRequestSchema, type Customer } from '@bauakte/domain';
import type { z } from 'zod';
import { isSelf, type AccessPolicy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { isUniqueViolation } from '../../platform/db/errors';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { InvitationService } from '../accounts/invitation-service';
import type { UserRepository } from '../users/repository';
import type { CustomerRepository } from './repository';

type CreateCustomer = z.output<typeof createCustomerRequestSchema>;

/** The caller, named by a creationName that the spec's forms send: anything else is refused. */
export function requireOwnName(caller: AuthUser, creationName: string | null | undefined): void {
  if (creationName && !isSelf(caller, creationName)) throw forbidden(serverMessages.onlyOwnName);
}

export function createCustomerService(deps: {
  users: UserRepository;
  customers: CustomerRepository;
  access: AccessPolicy;
  invitations: InvitationService;
}) {
  const { users, customers, access } = deps;

  return {
    /** Creates an invited client of the caller and mails the invitation. */
    async create(caller: AuthUser, request: CreateCustomer): Promise<Customer> {
      requireOwnName(caller, request.creationName);
      if (await users.findByUsername(request.username)) throw conflict(serverMessages.usernameTaken);
      const now = new Date().toISOString();
      let id: number;
      try {
        id = await users.insert({
          username: request.username,
          firstName: request.firstName,
          lastName: request.lastName,
          email: request.email,
          street: request.address.street,
          houseNumber: request.address.number,
          city: request.address.city,
          country: request.address.country,
          postalCode: request.address.postalCode,
          role: 'CLIENT',
          status: 'INVITED',
          passwordHash: null,
          createdById: caller.id,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(serverMessages.usernameTaken);
        throw error;
      }
      const user = await users.findById(id);
      if (user) await deps.invitations.invite(user, caller.username);
      const customer = await customers.findById(id);
      if (!customer) throw notFound();
      return customer;
    },

    /**
     * The customers of the architect in the path: for the caller, everyone the team works for;
     * for a team-mate, that team-mate's own. Any other architect is invisible (404).
     */
    async list(caller: AuthUser, username: string): Promise<Customer[]> {
      const architect = await users.findByUsername(username);
      if (!architect || !(await access.canSeeArchitect(caller, architect))) throw notFound();
      const creators = architect.id === caller.id ? await access.architectScope(caller) : [architect.id];
      return customers.listCreatedBy(creators);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
