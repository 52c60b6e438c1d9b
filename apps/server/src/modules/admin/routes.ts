import { z } from 'zod';
import {
  addMemberRequestSchema, createArchitectRequestSchema, createTeamRequestSchema, deleteTeamQuerySchema, listPageQuerySchema, mailFailureSchema, messageResponseSchema,
  removeMemberQuerySchema, teamNameQuerySchema, teamSchema, userListItemSchema,
} from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { AdminService } from './service';

/** Team and user administration (spec section 7, Teams), and the mails that failed: administrators only. */
export function registerAdminRoutes(app: App, admin: AdminService): void {
  // Decided as soon as the token is read, before the body is parsed: a non-admin always learns 403.
  const adminOnly = { config: { access: requires.roles('ADMIN') } };
  const tags = ['admin'];

  app.get('/api/team/allTeams', { ...adminOnly, schema: { tags, response: { 200: z.array(teamSchema) } } }, () => admin.listTeams());

  app.get('/api/team/available-architects', { ...adminOnly, schema: { tags, response: { 200: z.array(z.string()) } } }, () =>
    admin.availableArchitects(),
  );

  app.get('/api/admin/users', { ...adminOnly, schema: { tags, querystring: listPageQuerySchema, response: { 200: z.array(userListItemSchema) } } }, (request) =>
    admin.listUsers(request.query),
  );

  app.get('/api/admin/mail-failures', { ...adminOnly, schema: { tags, response: { 200: z.array(mailFailureSchema) } } }, () => admin.mailFailures());

  app.post('/api/team/create', { ...adminOnly, schema: { tags, body: createTeamRequestSchema, response: { 201: teamSchema } } }, async (request, reply) =>
    reply.status(201).send(await admin.createTeam(request.body.name)),
  );

  app.post(
    '/api/team/createUser',
    { ...adminOnly, schema: { tags, body: createArchitectRequestSchema, response: { 201: messageResponseSchema } } },
    async (request, reply) => reply.status(201).send(await admin.createArchitect(callerOf(request), request.body)),
  );

  app.post(
    '/api/team/addMembers',
    { ...adminOnly, schema: { tags, querystring: teamNameQuerySchema, body: addMemberRequestSchema, response: { 200: messageResponseSchema } } },
    (request) => admin.addMember(request.query.teamName, request.body.username),
  );

  app.delete('/api/team/remove', { ...adminOnly, schema: { tags, querystring: removeMemberQuerySchema } }, async (request, reply) => {
    await admin.removeMember(request.query.teamName, request.query.username);
    return reply.status(204).send();
  });

  app.delete('/api/team/delete', { ...adminOnly, schema: { tags, querystring: deleteTeamQuerySchema } }, async (request, reply) => {
    await admin.deleteTeam(request.query.name);
    return reply.status(204).send();
  });
}
