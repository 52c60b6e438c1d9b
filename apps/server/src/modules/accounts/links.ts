import { serverMessages } from '@bauakte/domain';
import { AppError } from '../../platform/errors';
import type { Repositories } from '../../platform/db/repositories';
import type { AccountTokenPurpose, UserRow, UserStatus } from '../../platform/db/schema';
import { hashAccountToken, newAccountToken } from './tokens';

export const tokenInvalid = () => new AppError('TOKEN_INVALID', serverMessages.tokenInvalid);

export interface LinkOwner {
  tokenId: number;
  user: UserRow;
}

/**
 * The account a link's token opens, if the token is unused, unexpired, of this purpose, and the
 * account is in the expected state; otherwise one German answer for all cases.
 */
export async function tokenOwner(repos: Repositories, token: string, purpose: AccountTokenPurpose, status: UserStatus): Promise<LinkOwner> {
  const found = await repos.accountTokens.findUsable(hashAccountToken(token), purpose, new Date().toISOString());
  const user = found && (await repos.users.findById(found.userId));
  if (!found || !user || user.status !== status) throw tokenInvalid();
  return { tokenId: found.tokenId, user };
}

/** Uses the link up inside the transaction; another request that used it first makes this one fail. */
export async function consumeLink(repos: Repositories, owner: LinkOwner): Promise<void> {
  if (!(await repos.accountTokens.consume(owner.tokenId, new Date().toISOString()))) throw tokenInvalid();
}

/**
 * A new link of this purpose for the account, written with `repos` (a transaction's): the older ones stop working.
 * Answers the token for the link; only its hash is stored.
 */
export async function issueLink(repos: Repositories, userId: number, purpose: AccountTokenPurpose, validityMs: number): Promise<string> {
  const tokens = repos.accountTokens;
  const now = new Date();
  const { token, hash } = newAccountToken();
  await tokens.retireAll(userId, purpose, now.toISOString());
  await tokens.insert({
    userId,
    purpose,
    tokenHash: hash,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + validityMs).toISOString(),
  });
  return token;
}
