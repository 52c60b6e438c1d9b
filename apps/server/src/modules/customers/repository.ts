import { inNameOrder } from '../../platform/db/name-order';
import type { Customer } from '@bauakte/domain';
import type { Db, PageWindow } from '../../platform/db/database';

export function createCustomerRepository(db: Db) {
  const customers = () =>
    db
      .selectFrom('users')
      .innerJoin('users as creator', 'creator.id', 'users.createdById')
      .select([
        'users.id',
        'users.username',
        'users.firstName',
        'users.lastName',
        'users.email',
        'users.status',
        'users.street',
        'users.houseNumber',
        'users.city',
        'users.country',
        'users.postalCode',
        'creator.username as creationName',
        'creator.firstName as creatorFirstName',
        'creator.lastName as creatorLastName',
      ])
      .where('users.role', '=', 'CLIENT');

  const toCustomer = (row: Awaited<ReturnType<ReturnType<typeof customers>['executeTakeFirstOrThrow']>>): Customer => ({
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    status: row.status,
    creationName: row.creationName,
    createdBy: { username: row.creationName, firstName: row.creatorFirstName, lastName: row.creatorLastName },
    address: { street: row.street, number: row.houseNumber, city: row.city, country: row.country, postalCode: row.postalCode },
  });

  return {
    /** A page of the clients created by any of these architects, by name. */
    listCreatedBy: async (architectIds: number[], window: PageWindow): Promise<Customer[]> => {
      if (architectIds.length === 0) return [];
      const rows = await inNameOrder(customers().where('users.createdById', 'in', architectIds), window).execute();
      return rows.map(toCustomer);
    },

    getById: async (id: number): Promise<Customer> => toCustomer(await customers().where('users.id', '=', id).executeTakeFirstOrThrow()),
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly customers: CustomerRepository;
  }
}
