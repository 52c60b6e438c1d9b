import { z } from 'zod';
import { createCustomerRequestSchema, customerSchema, listPageQuerySchema, usernameParamsSchema } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { CustomerService } from './service';

/** An architect's customers (spec section 7: /api/ClientManagment). */
export function registerCustomerRoutes(app: App, customers: CustomerService): void {
  const architect = requires.architect('params.username').for('ARCHI');
  const tags = ['customers'];

  app.post(
    '/api/ClientManagment',
    { config: { access: requires.roles('ARCHI') }, schema: { tags, body: createCustomerRequestSchema, response: { 201: customerSchema } } },
    async (request, reply) => reply.status(201).send(await customers.create(callerOf(request), request.body)),
  );

  app.get(
    '/api/ClientManagment/:username',
    { config: { access: architect }, schema: { tags, params: usernameParamsSchema, querystring: listPageQuerySchema, response: { 200: z.array(customerSchema) } } },
    (request) => customers.list(callerOf(request), architect.of(request), request.query),
  );
}
