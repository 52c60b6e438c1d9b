import { exportFormats, openItemsQuerySchema, projectExportJsonSchema, projectIdParamsSchema, sendExportRequestSchema, sendExportResponseSchema, type ExportFormat } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import { contentDisposition } from '../../platform/http/content-disposition';
import type { App } from '../../platform/http/types';
import type { OpenItemsReport } from './open-items-report';
import type { ExportService } from './service';

/** Export (spec section 7, 'Export and files'): the project's architects only (spec section 6). */
export function registerExportRoutes(app: App, exports: ExportService, openItemsPdf: OpenItemsReport): void {
  const tags = ['export'];
  const named = requires.project('params.projectId', 'manage').for('ARCHI');
  // The project is named in the body: who may export it is decided before the rest is judged.
  const namedInBody = requires.project('body.projectId', 'manage').for('ARCHI');
  // Derived once from the shared zod schema, so the document and its description cannot drift apart.
  const schemaText = JSON.stringify(projectExportJsonSchema(), null, 2);

  const download = (format: ExportFormat) =>
    app.get(
      `/api/export/${format}/:projectId`,
      { config: { access: named, perUserBudget: 'export' }, schema: { tags, params: projectIdParamsSchema } },
      async (request, reply) => {
        const file = await exports.file(named.of(request), format);
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
      { config: { access: namedInBody, perUserBudget: 'export' }, schema: { tags, body: sendExportRequestSchema, response: { 200: sendExportResponseSchema } } },
      (request) => exports.send(callerOf(request), namedInBody.of(request), format, request.body.email),
    );

  for (const format of exportFormats) {
    download(format);
    mail(format);
  }

  // 'Offene Punkte als PDF', filtered like the list: the architects', as every export is, on the export's budget and limits.
  app.get(
    '/api/export/open-items/:projectId',
    { config: { access: named, perUserBudget: 'export' }, schema: { tags, params: projectIdParamsSchema, querystring: openItemsQuerySchema } },
    async (request, reply) => {
      const file = await openItemsPdf(named.of(request), request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  // Public: it describes a shape, and holds no data.
  app.get('/api/export/schema.json', { config: { public: true }, schema: { tags } }, async (_request, reply) =>
    reply.header('content-type', 'application/schema+json; charset=utf-8').send(schemaText),
  );
}
