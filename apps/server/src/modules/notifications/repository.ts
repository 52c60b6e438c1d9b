import { sql } from 'kysely';
import { personNameOf, type NotificationSettings } from '@bauakte/domain';
import type { Db } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';

const toFlags = (s: NotificationSettings) => ({
  chatAll: Number(s.chatAll),
  chatNone: Number(s.chatNone),
  formAll: Number(s.formAll),
  form50: Number(s.form50),
  form75: Number(s.form75),
  form95: Number(s.form95),
  form100: Number(s.form100),
  formNone: Number(s.formNone),
});

/** Every send and every save asks the receiver's settings before a notice: built once. */
const settingsQuery = preparedQuery((db: Db, userId: number) => db.selectFrom('notificationSettings').selectAll().where('userId', '=', userId));

export function createNotificationSettingsRepository(db: Db) {
  return {
    find: async (userId: number): Promise<NotificationSettings | undefined> => {
      const row = await settingsQuery.executeTakeFirst(db, userId);
      if (!row) return undefined;
      return {
        chatAll: row.chatAll === 1,
        chatNone: row.chatNone === 1,
        formAll: row.formAll === 1,
        form50: row.form50 === 1,
        form75: row.form75 === 1,
        form95: row.form95 === 1,
        form100: row.form100 === 1,
        formNone: row.formNone === 1,
      };
    },

    save: (userId: number, settings: NotificationSettings, updatedAt: string) =>
      db
        .insertInto('notificationSettings')
        .values({ userId, ...toFlags(settings), updatedAt })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ ...toFlags(settings), updatedAt }))
        .execute(),
  };
}

export type NotificationSettingsRepository = ReturnType<typeof createNotificationSettingsRepository>;

export function createFormNoticeRepository(db: Db) {
  return {
    /** Records that a threshold was announced; answers false if it had been already (no duplicates). */
    claim: async (projectId: number, architectId: number, threshold: number, sentAt: string): Promise<boolean> => {
      const result = await db
        .insertInto('formNotices')
        .values({ projectId, architectId, threshold, sentAt })
        .onConflict((oc) => oc.columns(['projectId', 'architectId', 'threshold']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** What a notice names: the project and its customer (none when the project is gone). */
    project: async (projectId: number): Promise<NoticedProject | undefined> => {
      const row = await db
        .selectFrom('projects')
        .leftJoin('users as customer', 'customer.id', 'projects.assignedUserId')
        .select(['projects.name', 'customer.username', 'customer.firstName', 'customer.lastName'])
        .where('projects.id', '=', projectId)
        .executeTakeFirst();
      if (!row) return undefined;
      const customer = personNameOf(row.username, row.firstName, row.lastName);
      return { name: row.name, customer };
    },
  };
}

export interface NoticedProject {
  name: string;
  customer: { username: string; firstName: string; lastName: string } | null;
}

export type FormNoticeRepository = ReturnType<typeof createFormNoticeRepository>;

export function createPlanNoticeRepository(db: Db) {
  return {
    /**
     * Records a mail to the recipient about the project's plans, unless one went out after `since`;
     * answers whether this one may go (one statement, so two instances never both send).
     */
    claim: async (projectId: number, userId: number, now: string, since: string): Promise<boolean> => {
      const row = await db
        .insertInto('planNotices')
        .values({ projectId, userId, sentAt: now })
        .onConflict((oc) => oc.columns(['projectId', 'userId']).doUpdateSet({ sentAt: now }).where('planNotices.sentAt', '<', since))
        .returning('userId')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The project's name and its two sides: the architect who made it and the client it is assigned to. */
    project: (projectId: number) =>
      db.selectFrom('projects').select(['name', 'createdById', 'assignedUserId']).where('id', '=', projectId).executeTakeFirst(),
  };
}

export type PlanNoticeRepository = ReturnType<typeof createPlanNoticeRepository>;

/** An open item as its mails name it: its number, plan, page, project and the person responsible. */
const noticedItems = (db: Db) =>
  db
    .selectFrom('planPins')
    .innerJoin('projectFiles', 'projectFiles.id', 'planPins.fileId')
    .innerJoin('projects', 'projects.id', 'planPins.projectId')
    .select([
      'planPins.id',
      'planPins.projectId',
      'planPins.fileId',
      'planPins.page',
      'planPins.number',
      'planPins.status',
      'planPins.responsibleId',
      'planPins.dueDate',
      'projectFiles.name as planName',
      'projects.name as projectName',
    ]);

export function createItemNoticeRepository(db: Db) {
  return {
    /** As planNotices.claim: at most one 'made responsible' mail per project and person after `since`. */
    claim: async (projectId: number, userId: number, now: string, since: string): Promise<boolean> => {
      const row = await db
        .insertInto('itemNotices')
        .values({ projectId, userId, sentAt: now })
        .onConflict((oc) => oc.columns(['projectId', 'userId']).doUpdateSet({ sentAt: now }).where('itemNotices.sentAt', '<', since))
        .returning('userId')
        .executeTakeFirst();
      return row !== undefined;
    },

    item: (pinId: number) => noticedItems(db).where('planPins.id', '=', pinId).executeTakeFirst(),

    /** Items due on `dueDate`, not done, with someone responsible, whose reminder for that date has not gone out. */
    dueWithoutReminder: (dueDate: string, limit: number) =>
      noticedItems(db)
        .where('planPins.dueDate', '=', dueDate)
        .where('planPins.status', '!=', 'ERLEDIGT')
        .where('planPins.responsibleId', 'is not', null)
        .where((eb) => eb.or([eb('planPins.remindedFor', 'is', null), eb('planPins.remindedFor', '!=', dueDate)]))
        // An item carried to a plan's newer version is reminded of there, once.
        .where(sql<boolean>`not exists (select 1 from ${sql.table('planPins')} as carried where ${sql.ref('carried.carriedFromPinId')} = ${sql.ref('planPins.id')})`)
        .orderBy('planPins.id')
        .limit(limit)
        .execute(),

    /**
     * Takes the item's reminder for its due date, if it is still due then, not done and not yet
     * reminded of: one statement, so of several instances only one sends it.
     */
    claimReminder: async (pinId: number, dueDate: string): Promise<boolean> => {
      const result = await db
        .updateTable('planPins')
        .set({ remindedFor: dueDate })
        .where('id', '=', pinId)
        .where('dueDate', '=', dueDate)
        .where('status', '!=', 'ERLEDIGT')
        .where((eb) => eb.or([eb('remindedFor', 'is', null), eb('remindedFor', '!=', dueDate)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type ItemNoticeRepository = ReturnType<typeof createItemNoticeRepository>;
export type NoticedItem = NonNullable<Awaited<ReturnType<ItemNoticeRepository['item']>>>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly notificationSettings: NotificationSettingsRepository;
    readonly formNotices: FormNoticeRepository;
    readonly planNotices: PlanNoticeRepository;
    readonly itemNotices: ItemNoticeRepository;
  }
}
