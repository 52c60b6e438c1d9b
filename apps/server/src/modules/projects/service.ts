import {
  pageWindow,
  type ClientProject, type createProjectRequestSchema, type DashboardProject, type ListPageQuery, type Project, type ProjectSearchQuery, type ProjectSearchResult,
  type updateProjectRequestSchema,
} from '@bauakte/domain';
import type { z } from 'zod';
import { hasAnyRole, requireOwnName, type AccessPolicy, type CheckedArchitect, type CheckedCustomer, type CheckedProject } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer } from '../../platform/db/repositories';

type CreateProject = z.output<typeof createProjectRequestSchema>;
type UpdateProject = z.output<typeof updateProjectRequestSchema>;

const addressColumns = (address: CreateProject['address']) => ({
  street: address.street,
  houseNumber: address.number,
  city: address.city,
  katastral: address.katastral,
  postalCode: address.postalCode,
  country: address.country,
});

/** What deleting a project needs of its files: their objects go after the rows. */
export interface ProjectFileCleanup {
  objectsOfProject(projectId: number): Promise<string[]>;
  discardObjects(keys: string[]): Promise<void>;
}

export function createProjectService(deps: {
  data: DataLayer;
  access: AccessPolicy;
  files: ProjectFileCleanup;
  /** The deleted project's live subscriptions end on every instance. */
  accessChanged: (change: { projectId: number }) => Promise<void>;
}) {
  const { access } = deps;
  const { projects } = deps.data.repos;

  return {
    /** A project of the caller, assigned to one of the team's customers or to nobody yet. */
    async create(caller: AuthUser, request: CreateProject, customer: CheckedCustomer | null): Promise<Project> {
      requireOwnName(caller, request.creationName);
      const now = new Date().toISOString();
      const id = await projects.insert({
        name: request.name,
        description: request.description,
        ...addressColumns(request.address),
        assignedUserId: customer?.id ?? null,
        createdById: caller.id,
        changedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      return projects.get(id);
    },

    /** Projects of the architect in the path: the whole team's for the caller, a team-mate's own. */
    async listOf(caller: AuthUser, architect: CheckedArchitect, page: ListPageQuery): Promise<Project[]> {
      return projects.listCreatedBy(architect.id === caller.id ? await access.architectScope(caller) : [architect.id], pageWindow(page));
    },

    /** 'Alle Projekte': the same projects as the caller's own list, searched, filtered, sorted and paged. */
    async search(caller: AuthUser, query: ProjectSearchQuery): Promise<ProjectSearchResult> {
      return projects.search(await access.architectScope(caller), query);
    },

    async news(caller: AuthUser, page: ListPageQuery): Promise<DashboardProject[]> {
      return projects.news(caller.id, await access.architectScope(caller), pageWindow(page));
    },

    /** The client dashboard's list: a client's assigned projects, or an architect's team projects. */
    async clientList(caller: AuthUser, page: ListPageQuery): Promise<ClientProject[]> {
      if (hasAnyRole(caller, ['CLIENT'])) return projects.listForClient(caller.id, pageWindow(page));
      return projects.listForArchitects(await access.architectScope(caller), pageWindow(page));
    },

    /** Opening a project clears its mark on the architect's 'Projekte mit Neuerungen'. */
    async open(caller: AuthUser, project: CheckedProject): Promise<Project> {
      // The mark and the read do not depend on each other: side by side, one round trip less to wait for.
      const [, opened] = await Promise.all([
        hasAnyRole(caller, ['ARCHI']) ? projects.markSeen(caller.id, project.id, new Date().toISOString()) : undefined,
        projects.get(project.id),
      ]);
      return opened;
    },

    async update(caller: AuthUser, project: CheckedProject<'manage'>, request: UpdateProject): Promise<Project> {
      const now = new Date().toISOString();
      await projects.update(project.id, { name: request.name, description: request.description, ...addressColumns(request.address), changedAt: now, updatedAt: now });
      // The editor has seen their own change; team-mates get it as news.
      await projects.markSeen(caller.id, project.id, now);
      return projects.get(project.id);
    },

    /**
     * One statement removes the project with its answers, change log, views, notices and file rows
     * (ON DELETE CASCADE); the files' objects are removed after it (a failure there is swept later).
     */
    async delete(project: CheckedProject<'manage'>): Promise<void> {
      const objects = await deps.files.objectsOfProject(project.id);
      await projects.delete(project.id);
      await deps.accessChanged({ projectId: project.id });
      await deps.files.discardObjects(objects);
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
