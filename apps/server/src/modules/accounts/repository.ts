import type { Db } from '../../platform/db/database';
import type { AccountTokenPurpose } from '../../platform/db/schema';

export function createAccountTokenRepository(db: Db) {
  return {
    insert: (token: { userId: number; purpose: AccountTokenPurpose; tokenHash: string; createdAt: string; expiresAt: string }) =>
      db.insertInto('accountTokens').values({ ...token, usedAt: null }).execute(),

    /** The unused, unexpired token with this hash, with the account it belongs to. */
    findUsable: (tokenHash: string, purpose: AccountTokenPurpose, now: string) =>
      db
        .selectFrom('accountTokens')
        .innerJoin('users', 'users.id', 'accountTokens.userId')
        .select(['accountTokens.id as tokenId', 'users.id as userId'])
        .where('accountTokens.tokenHash', '=', tokenHash)
        .where('accountTokens.purpose', '=', purpose)
        .where('accountTokens.usedAt', 'is', null)
        .where('accountTokens.expiresAt', '>', now)
        .executeTakeFirst(),

    /** Marks the token used; answers false if another request used it first. */
    consume: async (tokenId: number, now: string): Promise<boolean> => {
      const result = await db
        .updateTable('accountTokens')
        .set({ usedAt: now })
        .where('id', '=', tokenId)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A new link makes the older ones of the same purpose worthless. */
    retireAll: (userId: number, purpose: AccountTokenPurpose, now: string) =>
      db
        .updateTable('accountTokens')
        .set({ usedAt: now })
        .where('userId', '=', userId)
        .where('purpose', '=', purpose)
        .where('usedAt', 'is', null)
        .execute(),
  };
}

export type AccountTokenRepository = ReturnType<typeof createAccountTokenRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly accountTokens: AccountTokenRepository;
  }
}
