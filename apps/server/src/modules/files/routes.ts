import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deleteFileRequestSchema, itemPhotoSchema, listPageQuerySchema, pathIdSchema, projectFileSchema, projectIdParamsSchema, questionPhotoSchema, serverMessages } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import { AppError } from '../../platform/errors';
import { contentDisposition } from '../../platform/http/content-disposition';
import type { App } from '../../platform/http/types';
import type { FileVariant } from './file-downloads';
import type { FileService } from './service';
import { tooLarge } from './upload';

const downloadParams = z.object({ projectId: pathIdSchema, fileId: pathIdSchema });
const pagesParams = downloadParams.extend({ viewerId: pathIdSchema });
const linkQuery = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });
/** page and width are checked against the file by the service, with German messages. */
const pageQuery = linkQuery.extend({ page: z.string().max(20).optional(), width: z.string().max(20).optional() });

/** Whatever a file might hold, it never runs as part of this site; only the site may embed it. */
function sandboxed(reply: FastifyReply, maxAgeSeconds: number): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', `private, max-age=${maxAgeSeconds}`);
}

/** Multipart framing around the file: fields, boundaries and headers stay far below this. */
const multipartOverhead = 1024 * 1024;

/** Project files (spec section 7, 'Export and files'): the project's architects and its client. */
export function registerFileRoutes(app: App, deps: { files: FileService; maxBytes: number }): void {
  const { files } = deps;
  const readable = requires.project('params.projectId', 'read').for('ARCHI', 'CLIENT');
  // The project is named in the body: who may delete its files is decided first.
  const namedInBody = requires.project('body.projectId', 'read').for('ARCHI', 'CLIENT');
  const tags = ['files'];

  app.get(
    '/api/s3/project/:projectId',
    {
      config: { access: readable },
      schema: { tags, params: projectIdParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(projectFileSchema) } },
    },
    (request) => files.list(callerOf(request), readable.of(request), request.query),
  );

  app.get(
    '/api/s3/project/:projectId/question-photos',
    {
      config: { access: readable },
      schema: {
        tags,
        description: "The photos to questions of the questionnaire (uploaded with the field 'question'), which the plans list leaves out.",
        params: projectIdParamsSchema,
        response: { 200: z.array(questionPhotoSchema) },
      },
    },
    (request) => files.questionPhotos(callerOf(request), readable.of(request)),
  );

  app.get(
    '/api/s3/project/:projectId/item-photos',
    {
      config: { access: readable },
      schema: {
        tags,
        description: "The photos of the project's open items (pins and their replies), each with its item and plan ('Fotos'); the plans list leaves them out.",
        params: projectIdParamsSchema,
        response: { 200: z.array(itemPhotoSchema) },
      },
    },
    (request) => files.itemPhotos(callerOf(request), readable.of(request)),
  );

  // The uploader or an architect of the project removes a photo from its question.
  const removable = requires.questionPhoto('params.fileId', 'remove').for('ARCHI', 'CLIENT');
  app.delete(
    '/api/s3/question-photos/:fileId',
    { config: { access: removable }, schema: { tags, description: 'Removes a photo from its question, with its file.', params: z.object({ fileId: pathIdSchema }) } },
    async (request, reply) => {
      await files.removeQuestionPhoto(callerOf(request), removable.of(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/s3/project/:projectId/files/:fileId/versions',
    {
      config: { access: readable },
      schema: {
        tags,
        description: 'Every version of the plan the file belongs to (any of its versions may be named), newest first.',
        params: downloadParams,
        response: { 200: z.array(projectFileSchema) },
      },
    },
    (request) => files.versions(callerOf(request), readable.of(request), request.params.fileId),
  );

  app.post(
    '/api/s3/upload',
    {
      // The project is named in the multipart stream: the file service asks the access policy once it has read it.
      config: { access: requires.roles('ARCHI', 'CLIENT'), perUserBudget: 'upload' },
      // A body announced larger than allowed is refused before it is read.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > deps.maxBytes + multipartOverhead) throw tooLarge(deps.maxBytes);
      },
      schema: {
        tags,
        description:
          'multipart/form-data: file, projectId, fileName (the title), comment, documentType (PDF, JPG, JPEG, PNG), in any order; ' +
          "replaces (optional): the id of a plan's file, to upload a new version of that plan, which becomes its current file; " +
          'question (optional): the key of a question of the questionnaire that offers a photo, to add an image (JPG, PNG) to it, not to the plans; ' +
          'projectId may also come as the query parameter. With projectId before the file, access is decided before the file is read.',
        querystring: z.object({ projectId: z.string().max(20).optional() }),
        response: { 201: projectFileSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', serverMessages.multipartExpected);
      const file = await files.upload(callerOf(request), request.query.projectId, request.parts());
      return reply.status(201).send(file);
    },
  );

  app.post(
    '/api/s3/deleteFile',
    {
      config: { access: namedInBody },
      schema: { tags, description: 'Deletes the plan the file belongs to, with all its versions and their stored objects.', body: deleteFileRequestSchema },
    },
    async (request, reply) => {
      await files.remove(callerOf(request), namedInBody.of(request), request.body.s3Key);
      return reply.status(204).send();
    },
  );

  const download = (variant: FileVariant) => async (
    request: FastifyRequest<{ Params: z.output<typeof downloadParams>; Querystring: z.output<typeof linkQuery> }>,
    reply: FastifyReply,
  ) => {
    const { projectId, fileId } = request.params;
    const file = await files.download(projectId, fileId, variant, request.query, request.headers.range);
    sandboxed(reply, file.maxAgeSeconds)
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition('inline', file.originalName))
      .header('accept-ranges', 'bytes');
    if (file.range.status === 416) return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    if (file.range.status === 206) {
      const { start, end } = file.range;
      reply.status(206).header('content-range', `bytes ${start}-${end}/${file.size}`).header('content-length', end - start + 1);
      return reply.send(file.body);
    }
    return reply.header('content-length', file.size).send(file.body);
  };

  // Signed links: <img>, <embed> and a[download] cannot send a Bearer header.
  const linkRoute = { config: { public: true }, schema: { tags, params: downloadParams, querystring: linkQuery } };
  app.get('/api/s3/download/:projectId/:fileId', linkRoute, download('original'));
  app.get('/api/s3/download/:projectId/:fileId/thumbnail', linkRoute, download('thumbnail'));
  // A PDF's page as WebP for the plan viewer: the link's path, with the viewer it was made for, is
  // signed; &page=N&width=W appended.
  app.get(
    '/api/s3/download/:projectId/:fileId/pages/:viewerId',
    { config: { public: true }, schema: { tags, params: pagesParams, querystring: pageQuery } },
    async (request, reply) => {
      const { projectId, fileId, viewerId } = request.params;
      const page = await files.page(projectId, fileId, viewerId, request.query);
      return sandboxed(reply, page.maxAgeSeconds).header('content-type', 'image/webp').send(page.body);
    },
  );
}
