import { z } from 'zod';
import {
  clientProjectSchema, createProjectRequestSchema, dashboardProjectSchema, listPageQuerySchema, projectIdParamsSchema, projectSchema,
  projectSearchQuerySchema, projectSearchResultSchema, updateProjectRequestSchema, usernameParamsSchema,
} from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { ProjectService } from './service';

/** Projects (spec section 7: /api/ProjectManagment and /api/DashboardClient). */
export function registerProjectRoutes(app: App, projects: ProjectService): void {
  const architects = requires.roles('ARCHI');
  // The customer is named in the body: whether the caller may assign them is decided first.
  const customer = requires.optionalCustomer('body.assignedUser');
  const architect = requires.architect('params.username');
  const self = requires.self('params.username');
  const managed = requires.project('params.projectId', 'manage');
  const readable = requires.project('params.projectId', 'read');
  const tags = ['projects'];

  app.post(
    '/api/ProjectManagment',
    { config: { access: customer.for('ARCHI') }, schema: { tags, body: createProjectRequestSchema, response: { 201: projectSchema } } },
    async (request, reply) => reply.status(201).send(await projects.create(callerOf(request), request.body, customer.of(request))),
  );

  app.get(
    '/api/ProjectManagment/:username',
    { config: { access: architect.for('ARCHI') }, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(projectSchema) } } },
    (request) => projects.listOf(callerOf(request), architect.of(request), request.query),
  );

  // Not in the spec: 'Alle Projekte' finds any of hundreds of projects without loading them all.
  app.get(
    '/api/projects',
    { config: { access: architects, perUserBudget: 'search' }, schema: { tags, querystring: projectSearchQuerySchema, response: { 200: projectSearchResultSchema } } },
    (request) => projects.search(callerOf(request), request.query),
  );

  app.get(
    '/api/ProjectManagment/dash/:username',
    { config: { access: self.for('ARCHI') }, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(dashboardProjectSchema) } } },
    (request) => projects.news(self.of(request), request.query),
  );

  app.put(
    '/api/ProjectManagment/project/:projectId',
    { config: { access: managed.for('ARCHI') }, schema: { tags, params: projectIdParamsSchema, body: updateProjectRequestSchema, response: { 200: projectSchema } } },
    (request) => projects.update(callerOf(request), managed.of(request), request.body),
  );

  app.delete('/api/ProjectManagment/project/:projectId', { config: { access: managed.for('ARCHI') }, schema: { tags, params: projectIdParamsSchema } }, async (request, reply) => {
    await projects.delete(managed.of(request));
    return reply.status(204).send();
  });

  app.get(
    '/api/DashboardClient/dashi/:username',
    { config: { access: self.for('ARCHI', 'CLIENT') }, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(clientProjectSchema) } } },
    (request) => projects.clientList(self.of(request), request.query),
  );

  app.get(
    '/api/DashboardClient/project/:projectId',
    { config: { access: readable.for('ARCHI', 'CLIENT') }, schema: { tags, params: projectIdParamsSchema, response: { 200: projectSchema } } },
    (request) => projects.open(callerOf(request), readable.of(request)),
  );
}
