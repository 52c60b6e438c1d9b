import { pageWindow, serverMessages, type createArchitectRequestSchema, type ListPageQuery, type MailFailure, type Team, type UserListItem } from '@bauakte/domain';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth/sessions';
import type { DataLayer } from '../../platform/db/repositories';
import { isUniqueViolation } from '../../platform/db/errors';
import { conflict, notFound } from '../../platform/errors';
import type { InvitationService } from '../accounts/invitation-service';
import type { MailQueue } from '../../platform/mail/mail-queue';

type CreateArchitect = z.output<typeof createArchitectRequestSchema>;

export function createAdminService(deps: {
  data: DataLayer;
  invitations: InvitationService;
  mails: Pick<MailQueue, 'failures'>;
  /** A team's members changed: every instance must read whom an architect works with again. */
  teamsChanged: () => Promise<void>;
}) {
  const { users, teams } = deps.data.repos;

  async function teamNamed(name: string) {
    const team = await teams.findByName(name);
    if (!team) throw notFound(serverMessages.teamNotFound);
    return team;
  }

  async function architectNamed(username: string) {
    const user = await users.findByUsername(username);
    if (!user || user.role !== 'ARCHI') throw notFound(serverMessages.architectNotFound);
    return user;
  }

  return {
    listTeams: (): Promise<Team[]> => teams.listWithMembers(),

    availableArchitects: (): Promise<string[]> => users.listUsernamesByRole('ARCHI'),

    listUsers: (page: ListPageQuery): Promise<UserListItem[]> => users.listAll(pageWindow(page)),

    /** Mails of the last day that could not be sent yet, or were given up. */
    mailFailures: (): Promise<MailFailure[]> => deps.mails.failures(),

    async createTeam(name: string): Promise<Team> {
      if (await teams.findByName(name)) throw conflict(serverMessages.teamNameTaken);
      try {
        await teams.insert(name, new Date().toISOString());
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(serverMessages.teamNameTaken);
        throw error;
      }
      return { teamName: name, userNames: [], members: [] };
    },

    /** One statement: the memberships go with the team (ON DELETE CASCADE). */
    async deleteTeam(name: string): Promise<void> {
      await teams.delete((await teamNamed(name)).id);
      await deps.teamsChanged();
    },

    /**
     * Creates an invited architect in a team: account, membership, invitation link and its queued
     * mail in one transaction (creationName is the caller).
     */
    async createArchitect(caller: AuthUser, request: CreateArchitect): Promise<{ message: string }> {
      const team = await teamNamed(request.teamName);
      if (await users.findByUsername(request.username)) throw conflict(serverMessages.usernameTaken);
      const now = new Date().toISOString();
      try {
        await deps.data.transaction(async (repos) => {
          const { username, email, firstName, lastName } = request;
          const id = await deps.invitations.invite(repos, caller, { username, email, firstName, lastName, role: 'ARCHI' }, now);
          await repos.teams.addMember(team.id, id, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(serverMessages.usernameTaken);
        throw error;
      }
      deps.invitations.queued();
      await deps.teamsChanged();
      return { message: serverMessages.userCreated };
    },

    async addMember(teamName: string, username: string): Promise<{ message: string }> {
      const team = await teamNamed(teamName);
      const user = await architectNamed(username);
      if (await teams.isMember(team.id, user.id)) throw conflict(serverMessages.alreadyTeamMember);
      try {
        await teams.addMember(team.id, user.id, new Date().toISOString());
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(serverMessages.alreadyTeamMember);
        throw error;
      }
      await deps.teamsChanged();
      return { message: serverMessages.memberAdded(user.username, team.name) };
    },

    async removeMember(teamName: string, username: string): Promise<void> {
      const team = await teamNamed(teamName);
      const user = await users.findByUsername(username);
      if (!user || !(await teams.removeMember(team.id, user.id))) throw notFound(serverMessages.notTeamMember);
      await deps.teamsChanged();
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
