import { usernameKey } from '@bauakte/domain';
import { sql, type Expression, type NotNull } from 'kysely';
import type { Db, PageWindow } from '../db/database';
import { inNameOrder } from '../db/name-order';
import { preparedQuery } from '../db/prepared-query';
import type { UserRow } from '../db/schema';

/** What the policy needs to know of a project: who made it and whose it is. */
export interface ProjectRef {
  id: number;
  createdById: number | null;
  assignedUserId: number | null;
}

/** Of a chat's participant, what decides whether they may still be written to, and their name. */
export type ChatParticipantRef = Pick<UserRow, 'id' | 'username' | 'role' | 'createdById'>;

/** A chat's two participants, read with the chat: a send needs no further look-up of either. */
export interface ChatRef {
  id: number;
  firstUserId: number;
  secondUserId: number;
  first: ChatParticipantRef;
  second: ChatParticipantRef;
}

/** Whether two users (ids or id columns) are in at least one team together: a condition for a statement. */
const shareATeam = (one: Expression<unknown> | number, other: Expression<unknown> | number) =>
  sql<boolean>`exists (
    select 1 from team_members as mine inner join team_members as theirs on theirs.team_id = mine.team_id
    where mine.user_id = ${one} and theirs.user_id = ${other})`;

/** The project check of every request on a project: built once (preparedQuery). */
const projectRefQuery = preparedQuery((db: Db, id: number, userId: number) =>
  db
    .selectFrom('projects')
    .select(['id', 'createdById', 'assignedUserId'])
    .select(sql<number>`case when ${sql.ref('projects.createdById')} = ${userId} or ${shareATeam(userId, sql.ref('projects.createdById'))} then 1 else 0 end`.as('createdByTeam'))
    .where('id', '=', id),
);

/** The chat check of every send and read: built once (preparedQuery). */
const chatRefQuery = preparedQuery((db: Db, id: number) =>
  db
    .selectFrom('chats')
    .innerJoin('users as first', 'first.id', 'chats.firstUserId')
    .innerJoin('users as second', 'second.id', 'chats.secondUserId')
    .select(['chats.id', 'chats.firstUserId', 'chats.secondUserId'])
    .select(['first.username as firstUsername', 'first.role as firstRole', 'first.createdById as firstCreatedById'])
    .select(['second.username as secondUsername', 'second.role as secondRole', 'second.createdById as secondCreatedById'])
    .where('chats.id', '=', id),
);

/** A photo to a question of the questionnaire (its file's id), as access decisions need it. */
export interface QuestionPhotoRef {
  id: number;
  projectId: number;
  uploadedById: number | null;
}

/** A pin on a plan, as access decisions need it. */
export interface PinRef {
  id: number;
  projectId: number;
  createdById: number | null;
  /** Who is responsible for it as an open item ('Zuständig'). */
  responsibleId: number | null;
}

export function createAccessRepository(db: Db) {
  /** Everyone who shares a team with any of the users, the users included. */
  async function teamMateIdsOfAll(userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .selectFrom('teamMembers as mine')
      .innerJoin('teamMembers as theirs', 'theirs.teamId', 'mine.teamId')
      .select('theirs.userId')
      .distinct()
      .where('mine.userId', 'in', userIds)
      .execute();
    return [...new Set([...userIds, ...rows.map((row) => row.userId)])];
  }

  return {
    teamMateIdsOfAll,

    /** The ids of everyone who shares at least one team with the user, the user included. */
    teamMateIds: (userId: number): Promise<number[]> => teamMateIdsOfAll([userId]),

    /**
     * A project and whether the user or a team-mate of theirs created it, in one statement: every
     * request on a project asks this, and a second round trip for the team's ids would cost every
     * such request more than its own statement.
     */
    projectRefFor: async (id: number, userId: number): Promise<(ProjectRef & { createdByTeam: boolean }) | undefined> => {
      const row = await projectRefQuery.executeTakeFirst(db, id, userId);
      return row && { id: row.id, createdById: row.createdById, assignedUserId: row.assignedUserId, createdByTeam: Number(row.createdByTeam) === 1 };
    },

    /** The architects a client belongs to: who created the account and who created the client's projects. */
    ownerIdsOfClient: async (clientId: number): Promise<number[]> => {
      const rows = await db
        .selectFrom('users')
        .select('createdById as ownerId')
        .where('id', '=', clientId)
        .union(db.selectFrom('projects').select('createdById as ownerId').where('assignedUserId', '=', clientId))
        .execute();
      return [...new Set(rows.map((row) => row.ownerId).filter((id): id is number => id !== null))];
    },

    /**
     * Clients created by one of the architects or given a project by one of them, in name order (as
     * the customer list), all or one page. The two look-ups are a union, each on its own index: one
     * query with OR between them makes PostgreSQL read every user.
     */
    clientsOf: async (architectIds: readonly number[], window?: PageWindow): Promise<UserRow[]> => {
      if (architectIds.length === 0) return [];
      const ids = db
        .selectFrom('users')
        .select('id')
        .where('createdById', 'in', architectIds)
        .union(db.selectFrom('projects').select('assignedUserId as id').where('createdById', 'in', architectIds).where('assignedUserId', 'is not', null).$narrowType<{ id: NotNull }>());
      const clients = db.selectFrom('users').selectAll().where('role', '=', 'CLIENT').where('id', 'in', ids);
      return (await inNameOrder(clients, window).execute()) as UserRow[];
    },

    /** The architects among the users, in name order, all or one page. */
    architectsAmong: async (ids: readonly number[], window?: PageWindow): Promise<UserRow[]> => {
      if (ids.length === 0) return [];
      const architects = db.selectFrom('users').selectAll().where('role', '=', 'ARCHI').where('id', 'in', ids);
      return (await inNameOrder(architects, window).execute()) as UserRow[];
    },

    /** The project a photo to a question belongs to, and who uploaded it. */
    questionPhotoRef: (fileId: number): Promise<QuestionPhotoRef | undefined> =>
      db
        .selectFrom('questionPhotos')
        .innerJoin('projectFiles', 'projectFiles.id', 'questionPhotos.fileId')
        .select(['projectFiles.id', 'projectFiles.projectId', 'projectFiles.uploadedById'])
        .where('questionPhotos.fileId', '=', fileId)
        .executeTakeFirst(),

    /** The project a pin on a plan belongs to, who placed it and who is responsible for it. */
    pinRef: (id: number): Promise<PinRef | undefined> =>
      db.selectFrom('planPins').select(['id', 'projectId', 'createdById', 'responsibleId']).where('id', '=', id).executeTakeFirst(),

    chatRef: async (id: number): Promise<ChatRef | undefined> => {
      const row = await chatRefQuery.executeTakeFirst(db, id);
      return (
        row && {
          id: row.id,
          firstUserId: row.firstUserId,
          secondUserId: row.secondUserId,
          first: { id: row.firstUserId, username: row.firstUsername, role: row.firstRole, createdById: row.firstCreatedById },
          second: { id: row.secondUserId, username: row.secondUsername, role: row.secondRole, createdById: row.secondCreatedById },
        }
      );
    },

    /**
     * Whether the architect is one of the client's architects: who created the account or one of its
     * projects (ownerIdsOfClient), or a team-mate of one of them (teamMateIdsOfAll), asked in one
     * statement (a client's every message asks it).
     */
    isArchitectOfClient: async (clientId: number, architectId: number): Promise<boolean> => {
      const { rows } = await sql<{ found: number }>`select 1 as found where exists (
        select 1 from (
          select created_by_id as owner_id from users where id = ${clientId}
          union select created_by_id from projects where assigned_user_id = ${clientId}
        ) as owners
        where owners.owner_id = ${architectId} or ${shareATeam(sql.raw('owners.owner_id'), architectId)})`.execute(db);
      return rows.length > 0;
    },

    /** Whether one of the architects created a project assigned to the client. */
    hasProjectFrom: async (clientId: number, architectIds: readonly number[]): Promise<boolean> =>
      architectIds.length > 0 &&
      (await db.selectFrom('projects').select('id').where('assignedUserId', '=', clientId).where('createdById', 'in', architectIds).limit(1).executeTakeFirst()) !== undefined,

    account: (username: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('usernameKey', '=', usernameKey(username)).executeTakeFirst(),
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;

declare module '../db/repositories' {
  interface Repositories {
    readonly access: AccessRepository;
  }
}
