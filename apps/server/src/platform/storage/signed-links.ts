import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/**
 * Links to files that work without a Bearer header (img, embed, a[download]) but only for a short
 * time: an HMAC over the path and the expiry, with a key of their own derived from the server secret.
 */
export const linkValiditySeconds = 15 * 60;

export interface SignedLinks {
  /** '/api/s3/download/12/34?expires=…&signature=…' */
  sign(path: string, now?: Date): string;
  /** True only for an untampered link that has not expired. */
  verify(path: string, expires: string, signature: string, now?: Date): boolean;
}

export function createSignedLinks(secret: string): SignedLinks {
  // A KeyObject made once: with a plain Buffer, Node builds one per HMAC, and a listed project
  // signs two links per file.
  const key = createSecretKey(createHmac('sha256', secret).update('bauakte file links').digest());
  const mac = (path: string, expires: string) => createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');

  return {
    sign(path, now = new Date()) {
      const expires = String(Math.floor(now.getTime() / 1000) + linkValiditySeconds);
      return `${path}?expires=${expires}&signature=${mac(path, expires)}`;
    },
    verify(path, expires, signature, now = new Date()) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(mac(path, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
