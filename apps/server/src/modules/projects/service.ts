import { serverMessages, type ClientProject, type createProjectRequestSchema, type DashboardProject, type Project, type updateProjectRequestSchema } from '@bauakte/domain';
import type { z } from 'zod';
import { hasAnyRole, requireSelf, type AccessPolicy } from '../../platform/access/access';
import type { AuthUser } from '../../platform/auth/sessions';
import { forbidden, notFound } from '../../platform/errors';
import type { UserRepository } from '../users/repository';
import { requireOwnName } from '../customers/service';
import type { ProjectRepository, ProjectRef } from './repository';

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

export function createProjectService(deps: { projects: ProjectRepository; users: UserRepository; access: AccessPolicy }) {
  const { projects, users, access } = deps;

  /** The project if the caller may see it; otherwise it does not exist for them (404). */
  async function visible(caller: AuthUser, projectId: number): Promise<ProjectRef> {
    const ref = await projects.findRef(projectId);
    if (!ref || !(await access.canSeeProject(caller, ref))) throw notFound();
    return ref;
  }

  async function managed(caller: AuthUser, projectId: number): Promise<ProjectRef> {
    const ref = await visible(caller, projectId);
    if (!(await access.canManageProject(caller, ref))) throw forbidden();
    return ref;
  }

  async function assignableCustomer(caller: AuthUser, username: string | null | undefined): Promise<number | null> {
    if (!username) return null;
    const customer = await users.findByUsername(username);
    if (!customer || !(await access.isCustomerOf(caller, customer))) throw notFound(serverMessages.customerNotFound);
    return customer.id;
  }

  async function architectInPath(caller: AuthUser, username: string) {
    const architect = await users.findByUsername(username);
    if (!architect || !(await access.canSeeArchitect(caller, architect))) throw notFound();
    return architect;
  }

  const load = async (id: number): Promise<Project> => {
    const project = await projects.find(id);
    if (!project) throw notFound();
    return project;
  };

  return {
    async create(caller: AuthUser, request: CreateProject): Promise<Project> {
      requireOwnName(caller, request.creationName);
      const assignedUserId = await assignableCustomer(caller, request.assignedUser);
      const now = new Date().toISOString();
      const id = await projects.insert({
        name: request.name,
        description: request.description,
        ...addressColumns(request.address),
        assignedUserId,
        createdById: caller.id,
        changedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      return load(id);
    },

    /** Projects of the architect in the path: the whole team's for the caller, a team-mate's own. */
    async listOf(caller: AuthUser, username: string): Promise<Project[]> {
      const architect = await architectInPath(caller, username);
      return projects.listCreatedBy(architect.id === caller.id ? await access.architectScope(caller) : [architect.id]);
    },

    async news(caller: AuthUser, username: string): Promise<DashboardProject[]> {
      requireSelf(caller, username);
      return projects.news(caller.id, await access.architectScope(caller));
    },

    /** The client dashboard's list: a client's assigned projects, or an architect's team projects. */
    async clientList(caller: AuthUser, username: string): Promise<ClientProject[]> {
      requireSelf(caller, username);
      if (hasAnyRole(caller, ['CLIENT'])) return projects.listForClient(caller.id);
      return projects.listForArchitects(await access.architectScope(caller));
    },

    /** Opening a project clears its mark on the architect's 'Projekte mit Neuerungen'. */
    async open(caller: AuthUser, projectId: number): Promise<Project> {
      await visible(caller, projectId);
      if (hasAnyRole(caller, ['ARCHI'])) await projects.markSeen(caller.id, projectId, new Date().toISOString());
      return load(projectId);
    },

    async update(caller: AuthUser, projectId: number, request: UpdateProject): Promise<Project> {
      await managed(caller, projectId);
      const now = new Date().toISOString();
      await projects.update(projectId, { name: request.name, description: request.description, ...addressColumns(request.address), changedAt: now, updatedAt: now });
      // The editor has seen their own change; team-mates get it as news.
      await projects.markSeen(caller.id, projectId, now);
      return load(projectId);
    },

    /** Deletes the project with its answers (and, once files exist, its files). */
    async delete(caller: AuthUser, projectId: number): Promise<void> {
      await managed(caller, projectId);
      await projects.delete(projectId);
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
