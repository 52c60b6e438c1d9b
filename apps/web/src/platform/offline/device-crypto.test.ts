import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentDeviceKey,
  deviceId,
  forgetDeviceKey,
  holdDeviceKey,
  importDeviceKey,
  joinSealed,
  markDeviceKeyUnavailable,
  openBytes,
  openJson,
  restoreDeviceKey,
  sealJson,
  splitSealed,
  whenDeviceKey,
} from './device-crypto';

const rawKey = (fill: number) => new Uint8Array(32).fill(fill);
/** A key as the server sends it: 32 bytes, base64url. */
const serverKey = (fill: number) => btoa(String.fromCharCode(...rawKey(fill))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const answers = { address: 'Kellergasse 12, 3400 Klosterneuburg', constructionYear: 1962 };

/** A new tab of a remembered device: the key is beside the token, not yet in memory. */
function forgetDeviceKeyInMemoryOnly(): void {
  const kept = localStorage.getItem('bauakte.rememberedDeviceKey');
  forgetDeviceKey();
  if (kept !== null) localStorage.setItem('bauakte.rememberedDeviceKey', kept);
}

afterEach(() => {
  forgetDeviceKey();
  sessionStorage.clear();
  localStorage.clear();
});

describe('sealing with the device key', () => {
  it('reads back what it sealed, with a new IV each time, and shows nothing of it in clear', async () => {
    const key = await importDeviceKey(rawKey(1));
    const first = await sealJson(key, answers);
    const second = await sealJson(key, answers);
    expect(first.iv).toHaveLength(12);
    expect(first.iv).not.toEqual(second.iv);
    expect(new TextDecoder().decode(first.ciphertext)).not.toContain('Kellergasse');
    expect(await openJson(key, first)).toEqual(answers);
    // As bytes in one piece, as the picture cache keeps them.
    const joined = joinSealed(first);
    expect(await openJson(key, splitSealed(joined.buffer as ArrayBuffer))).toEqual(answers);
  });

  it('opens nothing with another key, nor a damaged or plain record', async () => {
    const key = await importDeviceKey(rawKey(1));
    const sealed = await sealJson(key, answers);
    expect(await openJson(await importDeviceKey(rawKey(2)), sealed)).toBeUndefined();
    const damaged = new Uint8Array(sealed.ciphertext.slice(0));
    damaged[0] = damaged[0]! ^ 0xff;
    expect(await openBytes(key, { iv: sealed.iv, ciphertext: damaged.buffer })).toBeUndefined();
    expect(await openJson(key, { queryKey: ['projects'], data: answers })).toBeUndefined();
  });

  it('holds a key that cannot be exported', async () => {
    await holdDeviceKey('Mara', serverKey(3), false);
    const key = currentDeviceKey('mara')!;
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});

describe('where the key is held', () => {
  it("keeps a normal session's key in the tab only, a remembered device's also on the device, and forgets both at the session's end", async () => {
    await holdDeviceKey('mara', serverKey(4), false);
    expect(sessionStorage.getItem('bauakte.deviceKey')).not.toBeNull();
    expect(localStorage.getItem('bauakte.rememberedDeviceKey')).toBeNull();
    await holdDeviceKey('mara', serverKey(4), true);
    expect(localStorage.getItem('bauakte.rememberedDeviceKey')).not.toBeNull();

    forgetDeviceKey();
    expect(currentDeviceKey('mara')).toBeUndefined();
    expect(sessionStorage.getItem('bauakte.deviceKey')).toBeNull();
    expect(localStorage.getItem('bauakte.rememberedDeviceKey')).toBeNull();
    expect(await restoreDeviceKey('mara')).toBe(false);
  });

  it("restores a remembered device's key in a new tab for its user only", async () => {
    await holdDeviceKey('mara', serverKey(5), true);
    const sealed = await sealJson(currentDeviceKey('mara')!, answers);
    // A new tab: nothing in memory or in the tab.
    sessionStorage.clear();
    const waiting = whenDeviceKey('mara');
    expect(await restoreDeviceKey('fritz')).toBe(false);
    expect(await restoreDeviceKey('mara')).toBe(true);
    expect(await openJson((await waiting)!, sealed)).toEqual(answers);
  });

  it('restores the key once when a start reading kept data and the session ask for it together: both read with the one key held', async () => {
    await holdDeviceKey('mara', serverKey(8), true);
    forgetDeviceKeyInMemoryOnly();
    const imports = vi.spyOn(crypto.subtle, 'importKey');
    expect(await Promise.all([restoreDeviceKey('mara'), restoreDeviceKey('Mara')])).toEqual([true, true]);
    expect(imports).toHaveBeenCalledTimes(1);
    imports.mockRestore();
  });

  it('does not hold a key again that was forgotten while it was being restored (the session ended meanwhile)', async () => {
    await holdDeviceKey('mara', serverKey(7), true);
    forgetDeviceKeyInMemoryOnly();
    const restoring = restoreDeviceKey('mara');
    forgetDeviceKey();
    expect(await restoring).toBe(false);
    expect(currentDeviceKey('mara')).toBeUndefined();
  });

  it('stops waiting for a key that cannot be had now, and gives it once it is held', async () => {
    const waiting = whenDeviceKey('mara');
    markDeviceKeyUnavailable('mara');
    expect(await waiting).toBeUndefined();
    expect(await whenDeviceKey('mara')).toBeUndefined();
    await holdDeviceKey('mara', serverKey(6), false);
    expect(await whenDeviceKey('mara')).toBe(currentDeviceKey('mara'));
  });

  it('makes the device id once and keeps it', () => {
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(deviceId()).toBe(id);
  });
});
