import { participantName } from '@bauakte/domain';
import type { UserRepository } from '../db/users-repository';
import type { AuthUser } from './sessions';

/**
 * The caller's name as an entry keeps it from the time it was made (an author, an uploader): the
 * account's first and last name, or its username without them.
 */
export async function callerName(users: Pick<UserRepository, 'findById'>, caller: AuthUser): Promise<string> {
  return participantName((await users.findById(caller.id)) ?? { username: caller.username, firstName: null, lastName: null });
}
