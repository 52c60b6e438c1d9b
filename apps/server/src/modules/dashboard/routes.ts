import { dashboardLayoutSchema, dashboardParamsSchema } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { DashboardLayoutRepository } from './repository';

/** Each user's own card layout per dashboard, kept on the server so it follows them to any device. */
export function registerDashboardRoutes(app: App, layouts: DashboardLayoutRepository): void {
  const portalUsers = { access: requires.roles('ARCHI', 'CLIENT') };
  const tags = ['dashboard'];

  app.get('/api/dashboardLayout/:dashboard', { config: portalUsers, schema: { tags, params: dashboardParamsSchema, response: { 200: dashboardLayoutSchema } } }, (request) =>
    layouts.find(callerOf(request).id, request.params.dashboard),
  );

  app.put(
    '/api/dashboardLayout/:dashboard',
    { config: portalUsers, schema: { tags, params: dashboardParamsSchema, body: dashboardLayoutSchema, response: { 200: dashboardLayoutSchema } } },
    async (request) => {
      await layouts.save(callerOf(request).id, request.params.dashboard, request.body, new Date().toISOString());
      return request.body;
    },
  );
}
