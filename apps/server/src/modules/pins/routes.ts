import { z } from 'zod';
import { createPinRequestSchema, pathIdSchema, pinSchema, updatePinRequestSchema } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { PinService } from './service';

const fileParams = z.object({ projectId: pathIdSchema, fileId: pathIdSchema });
const pinParams = z.object({ pinId: pathIdSchema });

/**
 * Pins on a project's plans: whoever may see the project's files (its architects and its client)
 * sees and places pins; only a pin's author moves, changes or deletes it. A pin's comment is a
 * message about the plan: placing and changing one draws on the message budget.
 */
export function registerPinRoutes(app: App, pins: PinService): void {
  const readable = requires.project('params.projectId', 'read').for('ARCHI', 'CLIENT');
  const own = requires.pin('params.pinId', 'edit').for('ARCHI', 'CLIENT');
  const tags = ['pins'];

  app.get(
    '/api/s3/project/:projectId/files/:fileId/pins',
    { config: { access: readable }, schema: { tags, params: fileParams, response: { 200: z.array(pinSchema) } } },
    (request) => pins.list(readable.of(request), request.params.fileId),
  );

  app.post(
    '/api/s3/project/:projectId/files/:fileId/pins',
    { config: { access: readable, perUserBudget: 'chatMessage' }, schema: { tags, params: fileParams, body: createPinRequestSchema, response: { 201: pinSchema } } },
    async (request, reply) => reply.status(201).send(await pins.create(callerOf(request), readable.of(request), request.params.fileId, request.body)),
  );

  app.put(
    '/api/s3/pins/:pinId',
    { config: { access: own, perUserBudget: 'chatMessage' }, schema: { tags, params: pinParams, body: updatePinRequestSchema, response: { 200: pinSchema } } },
    (request) => pins.update(callerOf(request), own.of(request), request.body),
  );

  app.delete('/api/s3/pins/:pinId', { config: { access: own }, schema: { tags, params: pinParams } }, async (request, reply) => {
    await pins.remove(callerOf(request), own.of(request));
    return reply.status(204).send();
  });
}
