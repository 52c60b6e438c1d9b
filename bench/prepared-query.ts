// The project check every request on a project makes, as Kysely builds and compiles it per call
// against preparedQuery (platform/db/prepared-query.ts), in this process on SQLite in memory: CPU
// time per call, alternating rounds, so that the difference is Kysely's work alone.
import { sql } from 'kysely';
import { createAccessRepository } from '../apps/server/src/platform/access/repository';
import { migrateToLatest, openDatabase } from '../apps/server/src/platform/db/database';

export async function preparedQueryCost(calls = 20_000, rounds = 3): Promise<{ built: number[]; prepared: number[] }> {
  const database = openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(database.db);
  const { db } = database;
  const now = new Date().toISOString();
  const architect = await db.insertInto('users').values({ username: 'anna', usernameKey: 'anna', role: 'ARCHI', status: 'ACTIVE', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
  const project = await db.insertInto('projects').values({ name: 'Wohnhaus', createdById: architect.id, createdAt: now, updatedAt: now, changedAt: now }).returning('id').executeTakeFirstOrThrow();
  // The statement as access/repository.ts built it before preparedQuery, per call.
  const shareATeam = (one: number, other: unknown) =>
    sql<boolean>`exists (select 1 from team_members as mine inner join team_members as theirs on theirs.team_id = mine.team_id where mine.user_id = ${one} and theirs.user_id = ${other})`;
  const built = (id: number, userId: number) =>
    db
      .selectFrom('projects')
      .select(['id', 'createdById', 'assignedUserId'])
      .select(sql<number>`case when ${sql.ref('projects.createdById')} = ${userId} or ${shareATeam(userId, sql.ref('projects.createdById'))} then 1 else 0 end`.as('createdByTeam'))
      .where('id', '=', id)
      .executeTakeFirst();
  const access = createAccessRepository(db);
  const cpuPerCall = async (run: () => Promise<unknown>) => {
    const start = process.cpuUsage();
    for (let index = 0; index < calls; index++) await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / calls;
  };
  const result = { built: [] as number[], prepared: [] as number[] };
  try {
    for (let round = 0; round < rounds; round++) {
      result.built.push(await cpuPerCall(() => built(project.id, architect.id)));
      result.prepared.push(await cpuPerCall(() => access.projectRefFor(project.id, architect.id)));
    }
  } finally {
    await database.close();
  }
  return result;
}
