import { exportFormats, projectExportJsonSchema, projectIdParamsSchema, sendExportRequestSchema, sendExportResponseSchema, type ExportFormat } from '@bauakte/domain';
import { callerOf, onlyRoles, type AccessPolicy } from '../../platform/access/access';
import { contentDisposition } from '../../platform/http/content-disposition';
import { requiredAddressingId, validBody } from '../../platform/http/request-body';
import type { App } from '../../platform/http/types';
import type { ExportService } from './service';

/** Export (spec section 7, 'Export and files'): the project's architects only (spec section 6). */
export function registerExportRoutes(app: App, deps: { exports: ExportService; access: AccessPolicy }): void {
  const tags = ['export'];
  // Derived once from the shared zod schema, so the document and its description cannot drift apart.
  const schemaText = JSON.stringify(projectExportJsonSchema(), null, 2);

  const download = (format: ExportFormat) =>
    app.get(
      `/api/export/${format}/:projectId`,
      { onRequest: onlyRoles('ARCHI'), config: { perUserBudget: 'export' }, schema: { tags, params: projectIdParamsSchema } },
      async (request, reply) => {
        const project = await deps.access.project(callerOf(request), request.params.projectId, 'manage');
        const file = await deps.exports.file(project, format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );

  const mail = (format: ExportFormat) =>
    app.post(
      `/api/email/send-${format}`,
      {
        onRequest: onlyRoles('ARCHI'),
        config: { perUserBudget: 'export' },
        attachValidation: true,
        schema: { tags, body: sendExportRequestSchema, response: { 200: sendExportResponseSchema } },
      },
      async (request) => {
        const caller = callerOf(request);
        // The project is named in the body: who may export it is decided before the rest is judged.
        const project = await deps.access.project(caller, requiredAddressingId(request, 'projectId'), 'manage');
        return deps.exports.send(caller, project, format, validBody(request).email);
      },
    );

  for (const format of exportFormats) {
    download(format);
    mail(format);
  }

  // Public: it describes a shape, and holds no data.
  app.get('/api/export/schema.json', { config: { public: true }, schema: { tags } }, async (_request, reply) =>
    reply.header('content-type', 'application/schema+json; charset=utf-8').send(schemaText),
  );
}
