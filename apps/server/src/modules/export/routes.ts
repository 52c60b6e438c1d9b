import { exportFileName, projectExportJsonSchema, projectIdParamsSchema } from '@bauakte/domain';
import { callerOf, onlyRoles, type AccessPolicy } from '../../platform/access/access';
import { contentDisposition } from '../../platform/http/content-disposition';
import type { App } from '../../platform/http/types';
import type { ExportService } from './service';

/** Export (spec section 7, 'Export and files'): the project's architects only (spec section 6). */
export function registerExportRoutes(app: App, deps: { exports: ExportService; access: AccessPolicy }): void {
  const tags = ['export'];
  // Derived once from the shared zod schema, so the document and its description cannot drift apart.
  const schemaText = JSON.stringify(projectExportJsonSchema(), null, 2);

  app.get(
    '/api/export/json/:projectId',
    { onRequest: onlyRoles('ARCHI'), schema: { tags, params: projectIdParamsSchema } },
    async (request, reply) => {
      const project = await deps.access.project(callerOf(request), request.params.projectId, 'manage');
      const document = await deps.exports.data(project);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', exportFileName(project.id, 'json')))
        .send(JSON.stringify(document, null, 2));
    },
  );

  // Public: it describes a shape, and holds no data.
  app.get('/api/export/schema.json', { config: { public: true }, schema: { tags } }, async (_request, reply) =>
    reply.header('content-type', 'application/schema+json; charset=utf-8').send(schemaText),
  );
}
