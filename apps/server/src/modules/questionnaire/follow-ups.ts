import {
  personNameOf,
  questionCatalogue,
  questionLabels,
  serverMessages,
  type AnswerFollowUpRequest,
  type CreateFollowUpRequest,
  type FollowUp,
} from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import { newsSeenBy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer, Repositories } from '../../platform/db/repositories';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { FollowUpRow } from './follow-up-repository';
import { callerName } from '../../platform/auth/caller-name';

export function toFollowUp(row: FollowUpRow): FollowUp {
  return {
    anchor: 'QUESTION',
    id: row.id,
    questionKey: row.questionKey,
    step: questionCatalogue[row.questionKey].step,
    question: questionLabels[row.questionKey],
    comment: row.note,
    status: row.status,
    kind: 'RUECKFRAGE',
    responsible: personNameOf(row.responsibleUsername, row.responsibleFirstName, row.responsibleLastName),
    dueDate: null,
    author: personNameOf(row.username, row.firstName, row.lastName),
    authorName: row.createdByName,
    createdAt: row.createdAt,
    answer: row.answer,
    answeredByName: row.answeredByName,
    answeredAt: row.answeredAt,
    version: row.version,
  };
}

/** What changed a project's follow-ups, for the live channel of its open items: ids only. */
export interface FollowUpEvent {
  projectId: number;
  followUpId: number;
}

/**
 * The architect's follow-ups on answers ('Rückfrage'): raised by the project's architects for its
 * client, answered by the client, which closes them. Each change is project activity, like a pin,
 * and is told on the live channel of the project's open items.
 */
export function createFollowUpService(deps: { data: DataLayer; announce?: (event: FollowUpEvent) => void }) {
  const { data } = deps;

  async function followUpOf(repos: Repositories, projectId: number, followUpId: number | null): Promise<FollowUpRow> {
    const row = followUpId === null ? undefined : await repos.followUps.findInProject(projectId, followUpId);
    if (!row) throw notFound(serverMessages.followUpNotFound);
    return row;
  }

  /** 409 with the follow-up as it is now, so the caller sees what changed meanwhile. */
  const changedMeanwhile = (current: FollowUpRow) => new AppError('CONFLICT', serverMessages.followUpChanged, { details: { followUp: toFollowUp(current) } });

  return {
    /** The project's follow-ups, oldest first. */
    list: async (project: CheckedProject): Promise<FollowUp[]> => (await data.repos.followUps.listOfProject(project.id)).map(toFollowUp),

    /** A follow-up on one answer, for the project's client to answer. */
    async raise(caller: AuthUser, project: CheckedProject, request: CreateFollowUpRequest): Promise<FollowUp> {
      const createdByName = await callerName(data.repos.users, caller);
      const followUp = await data.transaction(async (repos) => {
        // The client as the project names them now, not as the access check read it before the lock.
        await repos.projects.lock(project.id);
        const current = await repos.access.projectRefFor(project.id, caller.id);
        if (!current) throw notFound();
        const now = new Date().toISOString();
        const id = await repos.followUps.insert({
          projectId: project.id,
          questionKey: request.questionKey,
          note: request.note,
          responsibleId: current.assignedUserId,
          createdById: caller.id,
          createdByName,
          createdAt: now,
          updatedAt: now,
        });
        await repos.projects.recordChange(project.id, now, newsSeenBy(caller));
        return toFollowUp(await followUpOf(repos, project.id, id));
      });
      deps.announce?.({ projectId: project.id, followUpId: followUp.id });
      return followUp;
    },

    /** The client's answer, which closes the follow-up: once, and only to the version the client saw. */
    async answer(caller: AuthUser, project: CheckedProject, followUpId: number | null, request: AnswerFollowUpRequest): Promise<FollowUp> {
      const answeredByName = await callerName(data.repos.users, caller);
      const followUp = await data.transaction(async (repos) => {
        const before = await followUpOf(repos, project.id, followUpId);
        if (before.status === 'ERLEDIGT') throw conflict(serverMessages.followUpAnswered);
        if (before.version !== request.version) throw changedMeanwhile(before);
        const now = new Date().toISOString();
        const answered = await repos.followUps.answer(before.id, request.version, { answer: request.text, answeredByName, answeredAt: now, updatedAt: now });
        const current = await followUpOf(repos, project.id, before.id);
        if (!answered) throw current.status === 'ERLEDIGT' ? conflict(serverMessages.followUpAnswered) : changedMeanwhile(current);
        await repos.projects.recordChange(project.id, now, newsSeenBy(caller));
        return toFollowUp(current);
      });
      deps.announce?.({ projectId: project.id, followUpId: followUp.id });
      return followUp;
    },
  };
}

export type FollowUpService = ReturnType<typeof createFollowUpService>;
