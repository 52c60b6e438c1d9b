import type { Db } from '../../platform/db/database';
import type { PlanPinsTable } from '../../platform/db/schema';
import type { Insertable } from 'kysely';

/** A pin with its author's name as the account has it now (null once the account is gone). */
const pinsOf = (db: Db) =>
  db
    .selectFrom('planPins')
    .leftJoin('users', 'users.id', 'planPins.createdById')
    .select([
      'planPins.id',
      'planPins.projectId',
      'planPins.fileId',
      'planPins.page',
      'planPins.x',
      'planPins.y',
      'planPins.number',
      'planPins.comment',
      'planPins.photoFileId',
      'planPins.createdById',
      'planPins.createdByName',
      'planPins.createdAt',
      'planPins.updatedAt',
      'planPins.version',
      'users.username',
      'users.firstName',
      'users.lastName',
    ]);

export type NewPin = Omit<Insertable<PlanPinsTable>, 'id' | 'number' | 'version'>;
export type PinChange = Pick<PlanPinsTable, 'x' | 'y' | 'comment' | 'photoFileId' | 'updatedAt'>;

export function createPinRepository(db: Db) {
  return {
    /** A file's pins in the order they were placed. */
    listOfFile: (fileId: number) => pinsOf(db).where('planPins.fileId', '=', fileId).orderBy('planPins.number').execute(),

    /** Every pin of a project's files, by file and number (the export). */
    listOfProject: (projectId: number) => pinsOf(db).where('planPins.projectId', '=', projectId).orderBy('planPins.fileId').orderBy('planPins.number').execute(),

    find: (pinId: number) => pinsOf(db).where('planPins.id', '=', pinId).executeTakeFirst(),

    /** The file's next number: one more than the highest ever placed (deleted numbers are not given again while higher ones stand). */
    nextNumber: async (fileId: number): Promise<number> => {
      const row = await db.selectFrom('planPins').select((eb) => eb.fn.max('number').as('highest')).where('fileId', '=', fileId).executeTakeFirst();
      return Number(row?.highest ?? 0) + 1;
    },

    insert: async (pin: NewPin & { number: number }): Promise<number> =>
      (await db.insertInto('planPins').values(pin).returning('id').executeTakeFirstOrThrow()).id,

    /** Changes the pin if it is still at `version`; false when someone changed it meanwhile. */
    update: async (pinId: number, version: number, change: PinChange): Promise<boolean> => {
      const result = await db
        .updateTable('planPins')
        .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
        .where('id', '=', pinId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    delete: (pinId: number) => db.deleteFrom('planPins').where('id', '=', pinId).execute(),
  };
}

export type PinRepository = ReturnType<typeof createPinRepository>;
export type PinRow = NonNullable<Awaited<ReturnType<PinRepository['find']>>>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly pins: PinRepository;
  }
}
