import type { ProjectSortKey, ProjectStatus } from '@bauakte/domain/labels';
import type { ClientProject, CreateProjectRequest, DashboardProject, Project, ProjectSearchResult, ProjectChange, UpdateProjectRequest } from '@bauakte/domain/schemas';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { pageParams } from '../../lib/use-load-more';
import { projectKeys } from '../../lib/query-keys';

const user = (username: string) => encodeURIComponent(username);

/** 'Projekte mit Neuerungen'; spec section 7: a string answer counts as an empty list. */
/** 'Projekte mit Neuerungen' (the first page) as a query. */
export const projectNewsQuery = (username: string) => ({ queryKey: projectKeys.news(username), queryFn: () => fetchProjectNews(username) });

/** A client's projects (the first page) as a query. */
export const clientProjectsQuery = (username: string) => ({ queryKey: projectKeys.client(username), queryFn: () => fetchClientProjects(username) });

export async function fetchProjectNews(username: string, page = 1): Promise<DashboardProject[]> {
  const answer = await apiRequest<unknown>(`/ProjectManagment/dash/${user(username)}?${pageParams(page)}`);
  return Array.isArray(answer) ? (answer as DashboardProject[]) : [];
}

/** A page of the projects of the architect's team, by name. */
export function fetchProjects(username: string, page = 1): Promise<Project[]> {
  return apiRequest<Project[]>(`/ProjectManagment/${user(username)}?${pageParams(page)}`);
}

/** What 'Alle Projekte' and the 'Projektübersicht' list ask for; status '' means every status. */
export interface ProjectSearchFilter {
  query: string;
  status: ProjectStatus | '';
  sort: ProjectSortKey;
}

/** One page of the team's projects that match (GET /api/projects). */
export function searchProjects(filter: ProjectSearchFilter, page: number, pageSize: number): Promise<ProjectSearchResult> {
  const params = new URLSearchParams({ sort: filter.sort, page: String(page), pageSize: String(pageSize) });
  if (filter.query.trim()) params.set('query', filter.query.trim());
  if (filter.status) params.set('status', filter.status);
  return apiRequest<ProjectSearchResult>(`/projects?${params.toString()}`);
}

/** Projects per page of 'Alle Projekte' and the 'Projektübersicht' list. */
export const projectSearchPageSize = 20;

/** The search as a paged query: 'Mehr laden' asks for the next page while there are more. */
export function projectSearchQuery(username: string, filter: ProjectSearchFilter, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: projectKeys.search(username, filter),
    queryFn: ({ pageParam }) => searchProjects(filter, pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last: ProjectSearchResult) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** What 'Alle Projekte' shows before the user searches: every project, the latest change first. */
export const allProjectsFilter: ProjectSearchFilter = { query: '', status: '', sort: 'changedAt' };

/** A client's assigned projects (for an architect: the team's). */
export function fetchClientProjects(username: string, page = 1): Promise<ClientProject[]> {
  return apiRequest<ClientProject[]>(`/DashboardClient/dashi/${user(username)}?${pageParams(page)}`);
}

/** The first page of a project's change log as a query ('Änderungsverlauf'). */
export const projectChangesQuery = (projectId: string) => ({ queryKey: projectKeys.changes(projectId), queryFn: () => fetchProjectChanges(projectId) });

export function createProject(request: CreateProjectRequest): Promise<Project> {
  return apiRequest<Project>('/ProjectManagment', { method: 'POST', body: request });
}

export function updateProject(projectId: string, request: UpdateProjectRequest): Promise<Project> {
  return apiRequest<Project>(`/ProjectManagment/project/${encodeURIComponent(projectId)}`, { method: 'PUT', body: request });
}

export function deleteProject(projectId: string): Promise<void> {
  return apiRequest<void>(`/ProjectManagment/project/${encodeURIComponent(projectId)}`, { method: 'DELETE' });
}

/** A page of who changed which questionnaire answers when, newest first (the project's architects only). */
/** The change log: questionnaire saves, new plan versions and new pins, newest first. */
export function fetchProjectChanges(projectId: string, page = 1): Promise<ProjectChange[]> {
  return apiRequest<ProjectChange[]>(`/questionnaire/${encodeURIComponent(projectId)}/changes?${pageParams(page)}`);
}
