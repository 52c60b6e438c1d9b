import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoResultError, type CompiledQuery } from 'kysely';
import { openTestDatabase, testDialects } from '../../test/test-app';
import type { DatabaseHandle } from './database';
import { inTransaction } from './database';
import { preparedQuery } from './prepared-query';

// A constant ('ACTIVE') between the arguments, and one argument used twice. One for both databases,
// as the repositories hold theirs: each database gets the statement compiled in its own dialect.
const byRoleAndName = preparedQuery((db, role: string, name: string) =>
  db
    .selectFrom('users')
    .select(['username', 'firstName'])
    .where('role', '=', role as 'ARCHI')
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('username', '=', name), eb('firstName', '=', name)])),
);

describe.each(testDialects)('preparedQuery (%s)', (dialect) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const sent: CompiledQuery[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(dialect, (query) => sent.push(query)));
    const now = new Date().toISOString();
    await database.db
      .insertInto('users')
      .values(['anna', 'bert', 'cora'].map((username, index) => ({ username, usernameKey: username, firstName: username.toUpperCase(), role: index === 0 ? 'ARCHI' : 'CLIENT', status: index === 2 ? 'INVITED' : 'ACTIVE', createdAt: now, updatedAt: now })))
      .execute();
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("answers each call with its own values, in the rows' camel-case names, as the built query would", async () => {
    expect(await byRoleAndName.execute(database.db, 'CLIENT', 'bert')).toEqual([{ username: 'bert', firstName: 'BERT' }]);
    expect(await byRoleAndName.execute(database.db, 'ARCHI', 'ANNA')).toEqual([{ username: 'anna', firstName: 'ANNA' }]);
    // cora is a client by that name, but only invited: the constant still applies.
    expect(await byRoleAndName.executeTakeFirst(database.db, 'CLIENT', 'cora')).toBeUndefined();
    // As a built query's: the error handler answers it with 404 (an object deleted meanwhile).
    await expect(byRoleAndName.executeTakeFirstOrThrow(database.db, 'CLIENT', 'cora')).rejects.toBeInstanceOf(NoResultError);
    expect(await byRoleAndName.executeTakeFirstOrThrow(database.db, 'CLIENT', 'bert')).toEqual({ username: 'bert', firstName: 'BERT' });
    const built = await database.db
      .selectFrom('users')
      .select(['username', 'firstName'])
      .where('role', '=', 'CLIENT')
      .where('status', '=', 'ACTIVE')
      .where((eb) => eb.or([eb('username', '=', 'bert'), eb('firstName', '=', 'bert')]))
      .execute();
    expect(await byRoleAndName.execute(database.db, 'CLIENT', 'bert')).toEqual(built);
  });

  it('sends the one compiled text every time, with the values as parameters, also inside a transaction', async () => {
    sent.length = 0;
    await byRoleAndName.execute(database.db, 'CLIENT', 'bert');
    await inTransaction(database.db, (trx) => byRoleAndName.execute(trx, 'ARCHI', 'anna'));
    const statements = sent.filter((query) => query.sql.includes('"first_name" ='));
    expect(statements).toHaveLength(2);
    expect(statements[0]!.sql).toBe(statements[1]!.sql);
    expect(statements.map((query) => query.parameters)).toEqual([
      ['CLIENT', 'ACTIVE', 'bert', 'bert'],
      ['ARCHI', 'ACTIVE', 'anna', 'anna'],
    ]);
  });

  it('tells how many rows an update changed, for each call', async () => {
    const rename = preparedQuery((db, firstName: string, role: string) =>
      db.updateTable('users').set({ firstName }).where('role', '=', role as 'ARCHI').where('status', '=', 'ACTIVE'),
    );
    expect(await rename.affectedRows(database.db, 'Anna', 'ARCHI')).toBe(1);
    expect(await rename.affectedRows(database.db, 'Kundin', 'CLIENT')).toBe(1);
    expect(await rename.affectedRows(database.db, 'Niemand', 'ADMIN')).toBe(0);
    const names = await database.db.selectFrom('users').select(['username', 'firstName']).orderBy('username').execute();
    expect(names).toEqual([
      { username: 'anna', firstName: 'Anna' },
      { username: 'bert', firstName: 'Kundin' },
      { username: 'cora', firstName: 'CORA' },
    ]);
  });

  it('refuses a statement in which an argument is not a parameter, rather than run it without that value', async () => {
    const ignoring = preparedQuery((db, id: number, _role: string) => db.selectFrom('users').select('username').where('id', '=', id));
    await expect(ignoring.execute(database.db, 1, 'ARCHI')).rejects.toThrow(/argument 1 is not a parameter/);
  });
});
