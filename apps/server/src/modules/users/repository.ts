import { sql, type Kysely } from 'kysely';
import type { Role } from '@bauakte/domain';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../platform/db/schema';

export function createUserRepository(db: Kysely<Database>) {
  return {
    findByUsername: (username: string): Promise<UserRow | undefined> =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst(),

    findById: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    insert: async (user: NewUserRow): Promise<number> => {
      const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    update: (id: number, changes: UserUpdate) =>
      db.updateTable('users').set(changes).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('users').where('id', '=', id).execute(),

    countByRole: async (role: Role): Promise<number> => {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('role', '=', role)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listAll: () =>
      db
        .selectFrom('users')
        .select(['username', 'firstName', 'lastName', 'email', 'role', 'status'])
        .orderBy(sql`lower(username)`)
        .execute(),

    listUsernamesByRole: async (role: Role): Promise<string[]> => {
      const rows = await db.selectFrom('users').select('username').where('role', '=', role).orderBy(sql`lower(username)`).execute();
      return rows.map((row) => row.username);
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
