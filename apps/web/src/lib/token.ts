import { deStart as de } from '../i18n/de-start';

export interface SessionUser {
  /** From the token's subject claim; 'Gast' when missing. */
  username: string;
  /** The role claims as an array. */
  roles: string[];
  /** The role claims joined by ', '; 'Keine Rolle' when none. */
  roleText: string;
  /** The account's id (uid claim): what the user's queued changes are bound to; missing in an older token. */
  userId?: number;
  /** The session's id (jti claim): what a logout without a connection revokes later. */
  sessionId?: string;
  token: string;
}

export class InvalidTokenError extends Error {}

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Reads the payload of a JWT (without verifying it: the server does that on every request). */
export function decodeTokenPayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new InvalidTokenError(de.session.invalidTokenFormat);
  const decoded = decodeSegment(payload);
  if (typeof decoded !== 'object' || decoded === null) throw new InvalidTokenError(de.session.invalidTokenFormat);
  return decoded as Record<string, unknown>;
}

/** The session user of spec section 3, or null when the token cannot be decoded (logged, not thrown). */
export function userFromToken(token: string): SessionUser | null {
  try {
    const payload = decodeTokenPayload(token);
    const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
    return {
      username: typeof payload.sub === 'string' && payload.sub ? payload.sub : de.session.guest,
      roles,
      roleText: roles.length > 0 ? roles.join(', ') : de.session.noRole,
      ...(typeof payload.uid === 'number' && Number.isSafeInteger(payload.uid) ? { userId: payload.uid } : {}),
      ...(typeof payload.jti === 'string' && payload.jti ? { sessionId: payload.jti } : {}),
      token,
    };
  } catch (error) {
    console.error(de.session.tokenDecodeFailed, error);
    return null;
  }
}
