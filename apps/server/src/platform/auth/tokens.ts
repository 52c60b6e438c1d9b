import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@bauakte/domain';

export interface TokenContent {
  username: string;
  roles: Role[];
  sessionId: string;
  expiresAt: Date;
}

export interface VerifiedToken {
  username: string;
  sessionId: string;
}

export interface TokenService {
  sign(content: TokenContent): Promise<string>;
  /** Answers null for every token that is not ours, not intact or not current. */
  verify(token: string): Promise<VerifiedToken | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (content) =>
      new SignJWT({ roles: content.roles })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(content.username)
        .setJti(content.sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(content.expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      try {
        // Pinning the algorithm refuses alg "none" and every other algorithm.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
          return null;
        }
        return { username: payload.sub, sessionId: payload.jti };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
