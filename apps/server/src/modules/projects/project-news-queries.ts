import { projectStatusFromProgress, type DashboardProject } from '@bauakte/domain';
import type { Db, PageWindow } from '../../platform/db/database';
import { preparedQuery } from '../../platform/db/prepared-query';
import { projectsOf } from './project-rows';

/** The mark of a project seen, written on every opening of a project: built once. */
const markSeenQuery = preparedQuery((db: Db, userId: number, projectId: number, seenAt: string) =>
  db
    .insertInto('projectViews')
    .values({ userId, projectId, seenAt })
    .onConflict((oc) => oc.columns(['userId', 'projectId']).doUpdateSet({ seenAt })),
);

/**
 * Projects of these architects changed since this user last opened them, newest first. The page
 * is chosen among the projects and the user's views alone (the (architect, changed) index covers
 * the projects' part), and only its rows are joined to their customers and creators: joining all
 * of an office's projects first would join rows the page never shows.
 * Built per call: PostgreSQL's plan for it built once (the architects as = any($1)) is slower than
 * its plans for the ids written out.
 */
async function news(db: Db, userId: number, architectIds: number[], window: PageWindow): Promise<DashboardProject[]> {
  if (architectIds.length === 0) return [];
  const chosen = db
    .selectFrom('projects')
    .leftJoin('projectViews', (join) => join.onRef('projectViews.projectId', '=', 'projects.id').on('projectViews.userId', '=', userId))
    .select('projects.id')
    .where('projects.createdById', 'in', architectIds)
    .where((eb) => eb.or([eb('projectViews.seenAt', 'is', null), eb('projectViews.seenAt', '<', eb.ref('projects.changedAt'))]))
    .orderBy('projects.changedAt', 'desc')
    .orderBy('projects.id', 'desc')
    .limit(window.limit)
    .offset(window.offset);
  // What is new is counted in the same statement, for the page's rows only, each count along its
  // (project, time) index: files uploaded (and which of them are new versions of a plan), pins placed on plans, items' status changes (along the pins' project index),
  // follow-ups answered and questionnaire changes since the user's last opening;
  // and the customer's chat messages the user has not read yet, along the (receiver, read) index.
  const rows = await projectsOf(db)
    .leftJoin('projectViews as seen', (join) => join.onRef('seen.projectId', '=', 'projects.id').on('seen.userId', '=', userId))
    .select((eb) => [
      eb
        .selectFrom('projectFiles')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('projectFiles.projectId', '=', 'projects.id')
        .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('projectFiles.uploadedAt', '>', inner.ref('seen.seenAt'))]))
        .as('newFiles'),
      eb
        .selectFrom('projectFiles')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('projectFiles.projectId', '=', 'projects.id')
        .where('projectFiles.version', '>', 1)
        .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('projectFiles.uploadedAt', '>', inner.ref('seen.seenAt'))]))
        .as('newVersions'),
      eb
        .selectFrom('planPins')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('planPins.projectId', '=', 'projects.id')
        .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('planPins.createdAt', '>', inner.ref('seen.seenAt'))]))
        .as('newPins'),
      eb
        .selectFrom('planPinStatusChanges')
        .innerJoin('planPins', 'planPins.id', 'planPinStatusChanges.pinId')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('planPins.projectId', '=', 'projects.id')
        .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('planPinStatusChanges.changedAt', '>', inner.ref('seen.seenAt'))]))
        .as('statusChanges'),
      eb
        .selectFrom('questionFollowUps')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('questionFollowUps.projectId', '=', 'projects.id')
        .where('questionFollowUps.answeredAt', 'is not', null)
        .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('questionFollowUps.answeredAt', '>', inner.ref('seen.seenAt'))]))
        .as('answeredFollowUps'),
      eb
        .selectFrom('questionnaireChanges')
        .select(eb.fn.countAll<number | string>().as('count'))
        .whereRef('questionnaireChanges.projectId', '=', 'projects.id')
        .where((inner) => inner.or([inner('seen.seenAt', 'is', null), inner('questionnaireChanges.changedAt', '>', inner.ref('seen.seenAt'))]))
        .as('questionnaireChanges'),
      eb
        .selectFrom('chatMessages')
        .select(eb.fn.countAll<number | string>().as('count'))
        .where('chatMessages.receiverId', '=', userId)
        .where('chatMessages.isRead', '=', 0)
        .whereRef('chatMessages.senderId', '=', 'projects.assignedUserId')
        .as('unreadMessages'),
    ])
    .where('projects.id', 'in', chosen)
    .orderBy('projects.changedAt', 'desc')
    .orderBy('projects.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: projectStatusFromProgress(row.progress),
    assignedUser: row.assignedUser,
    changedAt: row.changedAt,
    customer: row.assignedUser === null ? null : { username: row.assignedUser, firstName: row.customerFirstName ?? '', lastName: row.customerLastName ?? '' },
    progress: row.progress,
    // PostgreSQL answers a count as text (bigint).
    newFiles: Number(row.newFiles ?? 0),
    newVersions: Number(row.newVersions ?? 0),
    newPins: Number(row.newPins ?? 0),
    statusChanges: Number(row.statusChanges ?? 0),
    answeredFollowUps: Number(row.answeredFollowUps ?? 0),
    questionnaireChanges: Number(row.questionnaireChanges ?? 0),
    unreadMessages: Number(row.unreadMessages ?? 0),
  }));
}

/**
 * What is news to whom: the architects' 'Projekte mit Neuerungen' (projects changed since the
 * architect last opened them) and the marks that keep it, written when a project is opened or
 * changed. `asyncCommitDb`: where the marks are written (DatabaseHandle.asyncCommitDb).
 */
export function createProjectNewsQueries(db: Db, asyncCommitDb: Db) {
  return {
    news: (userId: number, architectIds: number[], window: PageWindow): Promise<DashboardProject[]> => news(db, userId, architectIds, window),

    /** A mark lost in a crash only shows the project as news once more: it does not wait for the disk. */
    markSeen: (userId: number, projectId: number, seenAt: string) => markSeenQuery.execute(asyncCommitDb, userId, projectId, seenAt),

    /**
     * Something changed (a file or pin came or went): news on the architects' 'Projekte mit
     * Neuerungen', except to `seenBy`, the architect who made it (null when a client did).
     */
    recordChange: async (id: number, at: string, seenBy: number | null): Promise<void> => {
      await db.updateTable('projects').set({ changedAt: at, updatedAt: at }).where('id', '=', id).execute();
      if (seenBy !== null) await markSeenQuery.execute(asyncCommitDb, seenBy, id, at);
    },
  };
}
