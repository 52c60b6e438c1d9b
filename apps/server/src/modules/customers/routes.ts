import { z } from 'zod';
import { createCustomerRequestSchema, customerSchema, listPageQuerySchema, usernameParamsSchema } from '@bauakte/domain';
import { callerOf, onlyRoles, type AccessPolicy } from '../../platform/access/access';
import type { App } from '../../platform/http/types';
import type { CustomerService } from './service';

/** An architect's customers (spec section 7: /api/ClientManagment). */
export function registerCustomerRoutes(app: App, deps: { customers: CustomerService; access: AccessPolicy }): void {
  const { customers, access } = deps;
  const architects = { onRequest: onlyRoles('ARCHI') };
  const tags = ['customers'];

  app.post(
    '/api/ClientManagment',
    { ...architects, schema: { tags, body: createCustomerRequestSchema, response: { 201: customerSchema } } },
    async (request, reply) => reply.status(201).send(await customers.create(callerOf(request), request.body)),
  );

  app.get(
    '/api/ClientManagment/:username',
    { ...architects, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(customerSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      return customers.list(caller, await access.architect(caller, request.params.username), request.query);
    },
  );
}
