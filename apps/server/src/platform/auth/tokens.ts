import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Role } from '@bauakte/domain';

export interface TokenContent {
  /** The account's id (uid claim): the web app binds what it keeps on a device to the account, not only its name. */
  userId: number;
  username: string;
  roles: Role[];
  sessionId: string;
  expiresAt: Date;
}

export interface VerifiedToken {
  username: string;
  sessionId: string;
  /** The token is refused after this instant (ms since the epoch): its exp claim, as fast-jwt checks it. */
  expiresAt: number;
}

export interface TokenService {
  sign(content: TokenContent): Promise<string>;
  /** Answers null for every token that is not ours, not intact or not current. */
  verify(token: string): Promise<VerifiedToken | null>;
}

/**
 * HS256 tokens with fast-jwt: it verifies synchronously, where jose goes through WebCrypto's
 * asynchronous calls — and a token is verified on every authenticated request.
 */
export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256' });
  // Pinning the algorithm refuses alg "none" and every other algorithm.
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['sub', 'jti', 'exp'] });

  return {
    sign: async (content) =>
      signer({
        sub: content.username,
        uid: content.userId,
        roles: content.roles,
        jti: content.sessionId,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(content.expiresAt.getTime() / 1000),
      }),
    verify: async (token) => {
      try {
        const payload = verifier(token) as { sub?: unknown; jti?: unknown; exp?: unknown };
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
        return { username: payload.sub, sessionId: payload.jti, expiresAt: payload.exp * 1000 };
      } catch (error) {
        if (error instanceof TokenError) return null;
        throw error;
      }
    },
  };
}
