import { z } from 'zod';
import {
  clientProjectSchema, createProjectRequestSchema, dashboardProjectSchema, projectDetailSchema, projectIdParamsSchema, projectSchema,
  updateProjectRequestSchema,
} from '@bauakte/domain';
import { callerOf, onlyRoles } from '../../platform/access/access';
import type { App } from '../../platform/http/types';
import type { ProjectService } from './service';

const usernameParams = z.object({ username: z.string().min(1).max(100) });

/** Projects (spec section 7: /api/ProjectManagment and /api/DashboardClient). */
export function registerProjectRoutes(app: App, projects: ProjectService): void {
  const architects = { preHandler: onlyRoles('ARCHI') };
  const portalUsers = { preHandler: onlyRoles('ARCHI', 'CLIENT') };
  const tags = ['projects'];

  app.post(
    '/api/ProjectManagment',
    { ...architects, schema: { tags, body: createProjectRequestSchema, response: { 201: projectSchema } } },
    async (request, reply) => reply.status(201).send(await projects.create(callerOf(request), request.body)),
  );

  app.get('/api/ProjectManagment/:username', { ...architects, schema: { tags, params: usernameParams, response: { 200: z.array(projectSchema) } } }, (request) =>
    projects.listOf(callerOf(request), request.params.username),
  );

  app.get(
    '/api/ProjectManagment/dash/:username',
    { ...architects, schema: { tags, params: usernameParams, response: { 200: z.array(dashboardProjectSchema) } } },
    (request) => projects.news(callerOf(request), request.params.username),
  );

  app.put(
    '/api/ProjectManagment/project/:projectId',
    { ...architects, schema: { tags, params: projectIdParamsSchema, body: updateProjectRequestSchema, response: { 200: projectSchema } } },
    (request) => projects.update(callerOf(request), request.params.projectId, request.body),
  );

  app.delete('/api/ProjectManagment/project/:projectId', { ...architects, schema: { tags, params: projectIdParamsSchema } }, async (request, reply) => {
    await projects.delete(callerOf(request), request.params.projectId);
    return reply.status(204).send();
  });

  app.get(
    '/api/DashboardClient/dashi/:username',
    { ...portalUsers, schema: { tags, params: usernameParams, response: { 200: z.array(clientProjectSchema) } } },
    (request) => projects.clientList(callerOf(request), request.params.username),
  );

  app.get(
    '/api/DashboardClient/project/:projectId',
    { ...portalUsers, schema: { tags, params: projectIdParamsSchema, response: { 200: projectDetailSchema } } },
    (request) => projects.open(callerOf(request), request.params.projectId),
  );
}
