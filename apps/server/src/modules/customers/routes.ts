import { z } from 'zod';
import { createCustomerRequestSchema, customerSchema } from '@bauakte/domain';
import { callerOf, onlyRoles } from '../../platform/access/access';
import type { App } from '../../platform/http/types';
import type { CustomerService } from './service';

const params = z.object({ username: z.string().min(1).max(100) });

/** An architect's customers (spec section 7: /api/ClientManagment). */
export function registerCustomerRoutes(app: App, customers: CustomerService): void {
  const architects = { preHandler: onlyRoles('ARCHI') };
  const tags = ['customers'];

  app.post(
    '/api/ClientManagment',
    { ...architects, schema: { tags, body: createCustomerRequestSchema, response: { 201: customerSchema } } },
    async (request, reply) => reply.status(201).send(await customers.create(callerOf(request), request.body)),
  );

  app.get('/api/ClientManagment/:username', { ...architects, schema: { tags, params, response: { 200: z.array(customerSchema) } } }, (request) =>
    customers.list(callerOf(request), request.params.username),
  );
}
