import { z } from 'zod';
import {
  carryPinsRequestSchema,
  carryPinsResponseSchema,
  createPinRequestSchema,
  deletePinQuerySchema,
  openItemCountSchema,
  openItemSchema,
  ownOpenItemSchema,
  openItemsPageQuerySchema,
  pageWindow,
  pathIdSchema,
  pinAssigneeSchema,
  pinItemRequestSchema,
  pinReplyRequestSchema,
  pinSchema,
  pinStatusRequestSchema,
  updatePinRequestSchema,
} from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { CarryOverService } from './carry-over';
import type { OpenItemService } from './open-items';
import type { PinService } from './service';

const fileParams = z.object({ projectId: pathIdSchema, fileId: pathIdSchema });
const pinParams = z.object({ pinId: pathIdSchema });
const projectParams = z.object({ projectId: pathIdSchema });

/**
 * Pins on a project's plans, each an open item: whoever may see the project's files (its architects
 * and its client) sees and places pins; only a pin's author moves, changes or deletes it; the
 * responsible person and the project's architects set its status; the architects set its kind,
 * responsible person and due date (the access policy's pin table). A pin's comment is a message
 * about the plan: placing and changing one draws on the message budget.
 */
export function registerPinRoutes(app: App, pins: PinService, openItems: OpenItemService, carrying: CarryOverService): void {
  const readable = requires.project('params.projectId', 'read').for('ARCHI', 'CLIENT');
  const own = requires.pin('params.pinId', 'edit').for('ARCHI', 'CLIENT');
  const statusOf = requires.pin('params.pinId', 'status').for('ARCHI', 'CLIENT');
  const assigned = requires.pin('params.pinId', 'assign').for('ARCHI', 'CLIENT');
  const seen = requires.pin('params.pinId', 'read').for('ARCHI', 'CLIENT');
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

  // Whoever may place pins on the plan carries the previous version's items over (one request, one message's budget).
  app.post(
    '/api/s3/project/:projectId/files/:fileId/pins/carry-over',
    { config: { access: readable, perUserBudget: 'chatMessage' }, schema: { tags, params: fileParams, body: carryPinsRequestSchema, response: { 200: carryPinsResponseSchema } } },
    async (request) => ({ carried: await carrying.carryOver(callerOf(request), readable.of(request), request.params.fileId, request.body) }),
  );

  app.put(
    '/api/s3/pins/:pinId',
    { config: { access: own, perUserBudget: 'chatMessage' }, schema: { tags, params: pinParams, body: updatePinRequestSchema, response: { 200: pinSchema } } },
    (request) => pins.update(callerOf(request), own.of(request), request.body),
  );

  app.put(
    '/api/s3/pins/:pinId/status',
    { config: { access: statusOf }, schema: { tags, params: pinParams, body: pinStatusRequestSchema, response: { 200: pinSchema } } },
    (request) => pins.setStatus(callerOf(request), statusOf.of(request), request.body),
  );

  app.put(
    '/api/s3/pins/:pinId/item',
    { config: { access: assigned }, schema: { tags, params: pinParams, body: pinItemRequestSchema, response: { 200: pinSchema } } },
    (request) => pins.setItem(callerOf(request), assigned.of(request), request.body),
  );

  // An item's conversation: whoever sees the item replies; a reply is a message about the plan.
  app.post(
    '/api/s3/pins/:pinId/replies',
    { config: { access: seen, perUserBudget: 'chatMessage' }, schema: { tags, params: pinParams, body: pinReplyRequestSchema, response: { 201: pinSchema } } },
    async (request, reply) => reply.status(201).send(await pins.reply(callerOf(request), seen.of(request), request.body)),
  );

  app.get(
    '/api/s3/project/:projectId/assignees',
    { config: { access: readable }, schema: { tags, params: projectParams, response: { 200: z.array(pinAssigneeSchema) } } },
    (request) => openItems.assignees(readable.of(request)),
  );

  app.get(
    '/api/s3/project/:projectId/open-items',
    { config: { access: readable }, schema: { tags, params: projectParams, querystring: openItemsPageQuerySchema, response: { 200: z.array(openItemSchema) } } },
    (request) => openItems.openItems(readable.of(request), request.query, pageWindow(request.query)),
  );

  // The dashboards: 'N offen, davon M überfällig' per project, and 'Ihre offenen Punkte'.
  const portalUsers = requires.roles('ARCHI', 'CLIENT');
  app.get('/api/s3/open-items/summary', { config: { access: portalUsers }, schema: { tags, response: { 200: z.array(openItemCountSchema) } } }, (request) => openItems.counts(callerOf(request)));
  app.get('/api/s3/open-items/mine', { config: { access: portalUsers }, schema: { tags, response: { 200: z.array(ownOpenItemSchema) } } }, (request) => openItems.mine(callerOf(request)));

  // With ?version= (a deletion kept offline), a pin changed meanwhile answers 409 instead of going.
  app.delete('/api/s3/pins/:pinId', { config: { access: own }, schema: { tags, params: pinParams, querystring: deletePinQuerySchema } }, async (request, reply) => {
    await pins.remove(callerOf(request), own.of(request), request.query.version);
    return reply.status(204).send();
  });
}
