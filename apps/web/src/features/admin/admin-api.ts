import type { CreateArchitectRequest, MailFailure, MessageResponse, Team, UserListItem } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';
import { pageParams } from '../../lib/use-load-more';
import { adminKeys } from '../../lib/query-keys';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function fetchTeams(): Promise<Team[]> {
  return apiRequest<Team[]>('/team/allTeams');
}

export function fetchAvailableArchitects(): Promise<string[]> {
  return apiRequest<string[]>('/team/available-architects');
}

/** The administration page's lists as queries: the page reads them, a start on /admin asks for them early. */
export const teamsQuery = { queryKey: adminKeys.teams, queryFn: fetchTeams };
export const availableArchitectsQuery = { queryKey: adminKeys.architects, queryFn: fetchAvailableArchitects };
export const mailFailuresQuery = { queryKey: adminKeys.mailFailures, queryFn: fetchMailFailures };

/** A page of every account, by username. */
export function fetchUsers(page = 1): Promise<UserListItem[]> {
  return apiRequest<UserListItem[]>(`/admin/users?${pageParams(page)}`);
}

/** Mails of the last day that the mail server did not take (still retried, or given up). */
export function fetchMailFailures(): Promise<MailFailure[]> {
  return apiRequest<MailFailure[]>('/admin/mail-failures');
}

export function createTeam(name: string): Promise<Team> {
  return apiRequest<Team>('/team/create', { method: 'POST', body: { name } });
}

export function createArchitect(request: CreateArchitectRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/team/createUser', { method: 'POST', body: request });
}

export function addMember(teamName: string, username: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/team/addMembers?${query({ teamName })}`, { method: 'POST', body: { username } });
}

export function removeMember(teamName: string, username: string): Promise<void> {
  return apiRequest<void>(`/team/remove?${query({ teamName, username })}`, { method: 'DELETE' });
}

export function deleteTeam(name: string): Promise<void> {
  return apiRequest<void>(`/team/delete?${query({ name })}`, { method: 'DELETE' });
}

