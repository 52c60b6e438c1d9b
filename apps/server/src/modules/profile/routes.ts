import { profileSchema, profileUpdateRequestSchema, usernameParamsSchema } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { ProfileService } from './service';

export function registerProfileRoutes(app: App, profiles: ProfileService): void {
  const viewable = requires.account('params.username', 'view');
  const editable = requires.profileEdit('params.username');
  const deletable = requires.account('params.username', 'delete');
  const tags = ['profile'];
  const params = usernameParamsSchema;

  app.get('/api/profil/:username', { config: { access: viewable }, schema: { tags, params, response: { 200: profileSchema } } }, (request) =>
    profiles.get(viewable.of(request)),
  );

  app.put(
    '/api/profil/:username',
    { config: { access: editable }, schema: { tags, params, body: profileUpdateRequestSchema, response: { 200: profileSchema } } },
    (request) => profiles.update(callerOf(request), editable.of(request), request.body),
  );

  app.delete('/api/profil/:username', { config: { access: deletable }, schema: { tags, params } }, async (request, reply) => {
    await profiles.delete(deletable.of(request));
    return reply.status(204).send();
  });
}
