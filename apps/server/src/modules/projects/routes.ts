import { z } from 'zod';
import {
  clientProjectSchema, createProjectRequestSchema, dashboardProjectSchema, listPageQuerySchema, pathUsernameSchema, projectIdParamsSchema, projectSchema,
  projectSearchQuerySchema, projectSearchResultSchema, updateProjectRequestSchema, usernameParamsSchema,
} from '@bauakte/domain';
import { callerOf, onlyRoles, type AccessPolicy } from '../../platform/access/access';
import { addressingField, validBody } from '../../platform/http/request-body';
import type { App } from '../../platform/http/types';
import type { ProjectService } from './service';

/** Projects (spec section 7: /api/ProjectManagment and /api/DashboardClient). */
export function registerProjectRoutes(app: App, deps: { projects: ProjectService; access: AccessPolicy }): void {
  const { projects, access } = deps;
  const architects = { onRequest: onlyRoles('ARCHI') };
  const portalUsers = { onRequest: onlyRoles('ARCHI', 'CLIENT') };
  const tags = ['projects'];

  app.post(
    '/api/ProjectManagment',
    { ...architects, attachValidation: true, schema: { tags, body: createProjectRequestSchema, response: { 201: projectSchema } } },
    async (request, reply) => {
      const caller = callerOf(request);
      // The customer is named in the body: whether the caller may assign them is decided first.
      const named = addressingField(request, 'assignedUser');
      const username = typeof named === 'string' ? pathUsernameSchema.parse(named) : null;
      const customer = username ? await access.customer(caller, username) : null;
      return reply.status(201).send(await projects.create(caller, validBody(request), customer));
    },
  );

  app.get(
    '/api/ProjectManagment/:username',
    { ...architects, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(projectSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      return projects.listOf(caller, await access.architect(caller, request.params.username), request.query);
    },
  );

  // Not in the spec: 'Alle Projekte' finds any of hundreds of projects without loading them all.
  app.get(
    '/api/projects',
    { ...architects, config: { perUserBudget: 'search' }, schema: { tags, querystring: projectSearchQuerySchema, response: { 200: projectSearchResultSchema } } },
    (request) => projects.search(callerOf(request), request.query),
  );

  app.get(
    '/api/ProjectManagment/dash/:username',
    { ...architects, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(dashboardProjectSchema) } } },
    (request) => projects.news(access.self(callerOf(request), request.params.username), request.query),
  );

  app.put(
    '/api/ProjectManagment/project/:projectId',
    {
      ...architects,
      attachValidation: true,
      schema: { tags, params: projectIdParamsSchema, body: updateProjectRequestSchema, response: { 200: projectSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const project = await access.project(caller, request.params.projectId, 'manage');
      return projects.update(caller, project, validBody(request));
    },
  );

  app.delete('/api/ProjectManagment/project/:projectId', { ...architects, schema: { tags, params: projectIdParamsSchema } }, async (request, reply) => {
    await projects.delete(await access.project(callerOf(request), request.params.projectId, 'manage'));
    return reply.status(204).send();
  });

  app.get(
    '/api/DashboardClient/dashi/:username',
    { ...portalUsers, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(clientProjectSchema) } } },
    (request) => projects.clientList(access.self(callerOf(request), request.params.username), request.query),
  );

  app.get(
    '/api/DashboardClient/project/:projectId',
    { ...portalUsers, schema: { tags, params: projectIdParamsSchema, response: { 200: projectSchema } } },
    async (request) => {
      const caller = callerOf(request);
      return projects.open(caller, await access.project(caller, request.params.projectId, 'read'));
    },
  );
}
