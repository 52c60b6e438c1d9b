import { createHmac, createSecretKey, hkdfSync } from 'node:crypto';

/**
 * The key a device encrypts what it keeps of one user with (the read cache, thumbnails, waiting
 * changes): derived, never stored, from the server secret under a label of its own, the account's
 * id and the browser's device id. The same account on the same device gets the same key at every
 * login, so what was kept before a window closed is readable again; another account gets another.
 */
export interface DeviceKeys {
  /** 32 bytes, base64url. Never to be logged. */
  keyFor(userId: number, deviceId: string): string;
}

export function createDeviceKeys(secret: string): DeviceKeys {
  // A key of its own for this use, as the signed links have theirs: nothing else signed with the
  // server secret can be turned into a device key or back.
  const master = createSecretKey(createHmac('sha256', secret).update('bauakte device keys').digest());
  return {
    keyFor(userId, deviceId) {
      const info = `bauakte device key v1\n${userId}\n${deviceId}`;
      return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32)).toString('base64url');
    },
  };
}
