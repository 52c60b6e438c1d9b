import { serverMessages } from '@bauakte/domain';
import { AppError } from '../../platform/errors';
import type { AccountTokenPurpose, UserRow, UserStatus } from '../../platform/db/schema';
import type { UserRepository } from '../users/repository';
import type { AccountTokenRepository } from './repository';
import { hashAccountToken } from './tokens';

export const tokenInvalid = () => new AppError(400, 'TOKEN_INVALID', serverMessages.tokenInvalid);

/**
 * The account a link's token opens, if the token is unused, unexpired, of this purpose, and the
 * account is in the expected state; otherwise one German answer for all cases.
 */
export async function tokenOwner(
  deps: { tokens: AccountTokenRepository; users: UserRepository },
  token: string,
  purpose: AccountTokenPurpose,
  status: UserStatus,
): Promise<{ tokenId: number; user: UserRow }> {
  const found = await deps.tokens.findUsable(hashAccountToken(token), purpose, new Date().toISOString());
  const user = found && (await deps.users.findById(found.userId));
  if (!found || !user || user.status !== status) throw tokenInvalid();
  return { tokenId: found.tokenId, user };
}
