import { z } from 'zod';
import { profileSchema, profileUpdateRequestSchema } from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import type { App } from '../../platform/http/types';
import type { ProfileService } from './service';

const params = z.object({ username: z.string().min(1).max(100) });

export function registerProfileRoutes(app: App, profiles: ProfileService): void {
  const tags = ['profile'];

  app.get('/api/profil/:username', { schema: { tags, params, response: { 200: profileSchema } } }, (request) =>
    profiles.get(callerOf(request), request.params.username),
  );

  app.put(
    '/api/profil/:username',
    { schema: { tags, params, body: profileUpdateRequestSchema, response: { 200: profileSchema } } },
    (request) => profiles.update(callerOf(request), request.params.username, request.body),
  );

  app.delete('/api/profil/:username', { schema: { tags, params } }, async (request, reply) => {
    await profiles.delete(callerOf(request), request.params.username);
    return reply.status(204).send();
  });
}
