import { usernameKey, type Profile, type Role } from '@bauakte/domain';
import { isPostgresDb, type Db, type PageWindow } from './database';
import { preparedQuery } from './prepared-query';
import type { NewUserRow, UserRow, UserUpdate } from './schema';

/** Every notice (a send, a save) looks up its receiver and sender: built once. */
const userByIdQuery = preparedQuery((db: Db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));

export function createUserRepository(db: Db) {
  return {
    findByUsername: (username: string): Promise<UserRow | undefined> =>
      db
        .selectFrom('users')
        .selectAll()
        .where('usernameKey', '=', usernameKey(username))
        .executeTakeFirst(),

    findById: (id: number): Promise<UserRow | undefined> => userByIdQuery.executeTakeFirst(db, id),

    /** The row just written in the same transaction; its absence is a bug, not a user error. */
    getById: (id: number): Promise<UserRow> => userByIdQuery.executeTakeFirstOrThrow(db, id),

    insert: async (user: NewUserRow): Promise<number> => {
      const row = await db.insertInto('users').values({ ...user, usernameKey: usernameKey(user.username) }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    update: (id: number, changes: UserUpdate) =>
      db.updateTable('users').set(changes).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('users').where('id', '=', id).execute(),

    /**
     * Counts the administrators and, on PostgreSQL, locks their rows until the transaction ends, so
     * two administrators deleting each other at once cannot leave the installation without one.
     */
    countAdministratorsLocked: async (): Promise<number> => {
      const query = db.selectFrom('users').select('id').where('role', '=', 'ADMIN');
      return (await (isPostgresDb(db) ? query.forUpdate() : query).execute()).length;
    },

    countByRole: async (role: Role): Promise<number> => {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('role', '=', role)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** A page of all accounts, in the order of their folded usernames (the unique key's index). */
    listAll: (window: PageWindow) =>
      db
        .selectFrom('users')
        .select(['username', 'firstName', 'lastName', 'email', 'role', 'status'])
        .orderBy('usernameKey')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),

    listUsernamesByRole: async (role: Role): Promise<string[]> => {
      const rows = await db.selectFrom('users').select('username').where('role', '=', role).orderBy('usernameKey').execute();
      return rows.map((row) => row.username);
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

declare module './repositories' {
  interface Repositories {
    readonly users: UserRepository;
  }
}

/** A user as the API shows them (their profile). */
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
