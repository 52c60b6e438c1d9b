import type { Kysely } from 'kysely';
import { serverMessages, type createArchitectRequestSchema, type Team, type UserListItem } from '@bauakte/domain';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Database } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/errors';
import { conflict, notFound } from '../../platform/errors';
import { createUserRepository, type UserRepository } from '../users/repository';
import type { InvitationService } from '../accounts/invitation-service';
import { createTeamRepository, type TeamRepository } from './repository';

type CreateArchitect = z.output<typeof createArchitectRequestSchema>;

export function createAdminService(deps: { db: Kysely<Database>; users: UserRepository; teams: TeamRepository; invitations: InvitationService }) {
  const { users, teams } = deps;

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

    listUsers: (): Promise<UserListItem[]> => users.listAll(),

    async createTeam(name: string): Promise<Team> {
      if (await teams.findByName(name)) throw conflict(serverMessages.teamNameTaken);
      try {
        await teams.insert(name, new Date().toISOString());
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(serverMessages.teamNameTaken);
        throw error;
      }
      return { teamName: name, userNames: [] };
    },

    async deleteTeam(name: string): Promise<void> {
      await teams.delete((await teamNamed(name)).id);
    },

    /** Creates an invited architect in a team and mails the invitation (creationName is the caller). */
    async createArchitect(caller: AuthUser, request: CreateArchitect): Promise<{ message: string }> {
      const team = await teamNamed(request.teamName);
      if (await users.findByUsername(request.username)) throw conflict(serverMessages.usernameTaken);
      const now = new Date().toISOString();
      let userId: number;
      try {
        userId = await deps.db.transaction().execute(async (trx) => {
          const id = await createUserRepository(trx).insert({
            username: request.username,
            email: request.email,
            firstName: request.firstName,
            lastName: request.lastName,
            role: 'ARCHI',
            status: 'INVITED',
            passwordHash: null,
            createdById: caller.id,
            createdAt: now,
            updatedAt: now,
          });
          await createTeamRepository(trx).addMember(team.id, id, now);
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(serverMessages.usernameTaken);
        throw error;
      }
      const user = await users.findById(userId);
      if (user) await deps.invitations.invite(user, caller.username);
      return { message: serverMessages.userCreated };
    },

    async addMember(teamName: string, username: string): Promise<{ message: string }> {
      const team = await teamNamed(teamName);
      const user = await architectNamed(username);
      if (await teams.isMember(team.id, user.id)) throw conflict(serverMessages.alreadyTeamMember);
      await teams.addMember(team.id, user.id, new Date().toISOString());
      return { message: serverMessages.memberAdded(user.username, team.name) };
    },

    async removeMember(teamName: string, username: string): Promise<void> {
      const team = await teamNamed(teamName);
      const user = await users.findByUsername(username);
      if (!user || !(await teams.removeMember(team.id, user.id))) throw notFound(serverMessages.notTeamMember);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
