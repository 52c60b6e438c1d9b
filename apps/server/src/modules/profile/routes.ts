import { profileSchema, profileUpdateRequestSchema, usernameParamsSchema } from '@bauakte/domain';
import { callerOf, type AccessPolicy } from '../../platform/access/access';
import { validBody } from '../../platform/http/request-body';
import type { App } from '../../platform/http/types';
import type { ProfileService } from './service';

export function registerProfileRoutes(app: App, deps: { profiles: ProfileService; access: AccessPolicy }): void {
  const { profiles, access } = deps;
  const tags = ['profile'];
  const params = usernameParamsSchema;

  app.get('/api/profil/:username', { schema: { tags, params, response: { 200: profileSchema } } }, async (request) =>
    profiles.get(await access.account(callerOf(request), request.params.username, 'view')),
  );

  app.put(
    '/api/profil/:username',
    { attachValidation: true, schema: { tags, params, body: profileUpdateRequestSchema, response: { 200: profileSchema } } },
    async (request) => {
      const caller = callerOf(request);
      return profiles.update(caller, await access.profileEdit(caller, request.params.username), validBody(request));
    },
  );

  app.delete('/api/profil/:username', { schema: { tags, params } }, async (request, reply) => {
    await profiles.delete(await access.account(callerOf(request), request.params.username, 'delete'));
    return reply.status(204).send();
  });
}
