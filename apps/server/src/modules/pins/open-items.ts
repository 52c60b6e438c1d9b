import { sameUsername, todayInAustria, type OpenItem, type OpenItemCount, type OpenItemsFilter, type OwnOpenItem, type FollowUp, type PinAssignee, type PlanOpenItem } from '@bauakte/domain';
import type { CheckedProject } from '../../platform/access/access';
import { hasAnyRole } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { PageWindow } from '../../platform/db/database';
import type { DataLayer } from '../../platform/db/repositories';
import type { FollowUpRow } from '../questionnaire/follow-up-repository';
import type { OpenItemFilter } from './repository';
import { photosOfPins, pinFieldsOf, withPhotos, type PhotosByOwner } from './service';

/** Adds the follow-ups not done to the projects' counts of open items; a follow-up is never overdue (it has no due date). */
function withFollowUps(counts: readonly OpenItemCount[], followUps: readonly { projectId: number; open: number }[]): OpenItemCount[] {
  const byProject = new Map(counts.map((count) => [count.projectId, { ...count }]));
  for (const { projectId, open } of followUps) {
    const count = byProject.get(projectId);
    if (count) count.open += open;
    else byProject.set(projectId, { projectId, open, overdue: 0 });
  }
  return [...byProject.values()];
}

/** Whether the list's filters let a follow-up through: it lies on no plan and has no due date, and its kind is 'Rückfrage'. */
const followUpsPass = (query: OpenItemsFilter): boolean =>
  (query.kind === undefined || query.kind === 'RUECKFRAGE') && query.planId === undefined && query.due === undefined && query.dueUntil === undefined;

type PlanItemRow = Awaited<ReturnType<DataLayer['repos']['pins']['openItemsOfProject']>>[number];

/** A pin as an item of the list: where it lies, on which plan and version. */
const planFieldsOf = (row: PlanItemRow, photos: PhotosByOwner): PlanOpenItem => ({
  ...withPhotos(pinFieldsOf(row), photos),
  anchor: 'PLAN',
  planId: row.planId ?? row.fileId,
  planName: row.planName,
  fileVersion: row.fileVersion,
});

/**
 * Pins and follow-ups on questions read as open items: a project's list 'Offene Punkte', the
 * dashboards' counts and the caller's own items, and whom a project's items may be assigned to.
 */
export function createOpenItemService(deps: {
  data: DataLayer;
  /** The architects whose projects the caller works on (the access policy's scope). */
  architectScope: (caller: AuthUser) => Promise<number[]>;
  /** A follow-up on a question as both sides see it (the questionnaire's). */
  followUpOf: (row: FollowUpRow) => FollowUp;
}) {
  const { data, followUpOf } = deps;
  return {
    /** Per project the caller sees: its items not done, and how many of them are overdue. */
    async counts(caller: AuthUser): Promise<OpenItemCount[]> {
      const today = todayInAustria();
      const scope = hasAnyRole(caller, ['CLIENT']) ? { clientId: caller.id } : { architectIds: await deps.architectScope(caller) };
      const [pins, followUps] = await Promise.all([data.repos.pins.countsOfProjects(scope, today), data.repos.followUps.countsOfProjects(scope)]);
      return withFollowUps(pins, followUps);
    },

    /**
     * The items the caller is responsible for and has not done ('Ihre offenen Punkte'), in the
     * projects they still see: a client's own, an architect's team's.
     */
    async mine(caller: AuthUser): Promise<OwnOpenItem[]> {
      const [rows, followUps] = await Promise.all([data.repos.pins.openItemsOf(caller.id), data.repos.followUps.openItemsOf(caller.id)]);
      const scope = hasAnyRole(caller, ['ARCHI']) ? await deps.architectScope(caller) : [];
      const sees = (row: { assignedUserId: number | null; projectCreatedById: number | null }) =>
        row.assignedUserId === caller.id || (row.projectCreatedById !== null && scope.includes(row.projectCreatedById));
      const photos = await photosOfPins(data.repos, rows.map((row) => row.id));
      const plans = rows.filter(sees).map((row) => ({ ...planFieldsOf(row, photos), projectId: row.projectId, projectName: row.projectName }));
      const questions = followUps.filter(sees).map((row) => ({ ...followUpOf(row), projectId: row.projectId, projectName: row.projectName }));
      return [...plans, ...questions];
    },

    /** Whom the project's items may be assigned to: its client and its architects. */
    async assignees(project: CheckedProject): Promise<PinAssignee[]> {
      const people = await data.repos.pins.assigneesOf(project.assignedUserId, project.createdById);
      return people.map((person) => ({ username: person.username, firstName: person.firstName ?? '', lastName: person.lastName ?? '', role: person.role === 'CLIENT' ? 'CLIENT' : 'ARCHI' }));
    },

    /**
     * The project's list 'Offene Punkte', filtered: every item of its plans and versions by due
     * date, then its follow-ups on questions, oldest first; one page of it when a window is given.
     */
    async openItems(project: CheckedProject, query: OpenItemsFilter, window?: PageWindow): Promise<OpenItem[]> {
      const filter: OpenItemFilter = { status: query.status, kind: query.kind, planId: query.planId, dueUntil: query.dueUntil };
      if (query.due === 'OVERDUE') filter.overdueBefore = todayInAustria();
      if (query.responsible !== undefined) {
        const person = (await data.repos.pins.assigneesOf(project.assignedUserId, project.createdById)).find((each) => sameUsername(each.username, query.responsible!));
        // Nobody of the project's people: nobody is responsible for anything here.
        if (!person) return [];
        filter.responsibleId = person.id;
      }
      const followUpsOf = async () => (followUpsPass(query) ? data.repos.followUps.listOfProject(project.id, { status: query.status, responsibleId: filter.responsibleId }) : []);
      const withPhotos = async (rows: PlanItemRow[]) => {
        const photos = await photosOfPins(data.repos, rows.map((row) => row.id));
        return rows.map((row) => planFieldsOf(row, photos));
      };
      if (!window) {
        const [rows, followUps] = await Promise.all([data.repos.pins.openItemsOfProject(project.id, filter), followUpsOf()]);
        return [...(await withPhotos(rows)), ...followUps.map(followUpOf)];
      }
      const rows = await data.repos.pins.openItemsOfProject(project.id, filter, window);
      // A full page of plan items leaves no room for follow-ups, which come after all of them.
      if (rows.length === window.limit) return withPhotos(rows);
      const planItems = rows.length > 0 || window.offset === 0 ? window.offset + rows.length : await data.repos.pins.countOpenItemsOfProject(project.id, filter);
      const from = Math.max(0, window.offset - planItems);
      const followUps = (await followUpsOf()).slice(from, from + window.limit - rows.length);
      return [...(await withPhotos(rows)), ...followUps.map(followUpOf)];
    },

  };
}

export type OpenItemService = ReturnType<typeof createOpenItemService>;
