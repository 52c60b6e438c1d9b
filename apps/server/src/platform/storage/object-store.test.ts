import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { createDiskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { createS3Store } from './s3-store';

async function keysOf(store: ObjectStore, prefix = 'projects/'): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** A body that sends some bytes and then breaks, as a connection cut mid-upload does. */
function brokenBody(): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) {
        this.destroy(new Error('connection lost'));
        return;
      }
      sent = true;
      this.push(Buffer.alloc(6 * 1024 * 1024, 1));
    },
  });
}

/** The same contract for the disk store and the S3 store, the latter against a real S3-API server. */
describe.each(['disk', 's3'] as const)('object store on %s', (kind) => {
  let store: ObjectStore;
  let s3: TestS3 | undefined;
  let dir = '';

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3Server();
      store = createS3Store(s3.config);
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-store-'));
      store = createDiskStore(dir);
    }
  });
  afterAll(async () => {
    await s3?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the bytes unchanged and answers ranges of them', async () => {
    const bytes = Buffer.from('Grundriss Erdgeschoß – Maßstab 1:100');
    expect(await store.put('projects/1/a', Readable.from([bytes]), 'application/pdf')).toBe(bytes.length);
    expect(Buffer.from(await text((await store.get('projects/1/a'))!))).toEqual(bytes);
    expect(await text((await store.get('projects/1/a', { start: 0, end: 8 }))!)).toBe('Grundriss');
    expect((await store.stat('projects/1/a'))?.size).toBe(bytes.length);
  });

  it('streams a large body in parts without holding it', async () => {
    const parts = Array.from({ length: 3 }, (_, i) => Buffer.alloc(6 * 1024 * 1024, i));
    expect(await store.put('projects/1/big', Readable.from(parts), 'application/pdf')).toBe(18 * 1024 * 1024);
    expect((await store.stat('projects/1/big'))?.size).toBe(18 * 1024 * 1024);
    const tail = await store.get('projects/1/big', { start: 18 * 1024 * 1024 - 2, end: 18 * 1024 * 1024 - 1 });
    expect([...Buffer.from(await text(tail!), 'latin1')]).toEqual([2, 2]);
  });

  it('leaves no object behind when the body breaks off', async () => {
    await expect(store.put('projects/2/cut', brokenBody(), 'application/pdf')).rejects.toThrow();
    expect(await store.stat('projects/2/cut')).toBeUndefined();
    // Whatever remains (a partial file, an unfinished multipart upload) is listed, so the sweep can remove it.
    for (const key of await keysOf(store, 'projects/2/')) await store.delete(key);
    expect(await keysOf(store, 'projects/2/')).toEqual([]);
  });

  it('moves an object to another key with its bytes, leaving nothing at the old one', async () => {
    await store.put('incoming/wartend', Readable.from([Buffer.from('%PDF-1.4 Lageplan')]), 'application/pdf');
    await store.move('incoming/wartend', 'projects/4/lageplan');
    expect(await text((await store.get('projects/4/lageplan'))!)).toBe('%PDF-1.4 Lageplan');
    expect(await store.stat('incoming/wartend')).toBeUndefined();
    expect(await keysOf(store, 'incoming/')).toEqual([]);
    await store.delete('projects/4/lageplan');
  });

  it('answers undefined for what is not there and deletes idempotently', async () => {
    expect(await store.get('projects/9/none')).toBeUndefined();
    expect(await store.stat('projects/9/none')).toBeUndefined();
    await store.delete('projects/9/none');
    await store.delete('projects/1/a');
    expect(await store.stat('projects/1/a')).toBeUndefined();
  });

  it('lists what is stored below a prefix with its age', async () => {
    await store.put('projects/3/x', Readable.from([Buffer.from('x')]), 'image/png');
    const listed = [];
    for await (const object of store.list('projects/3/')) listed.push(object);
    expect(listed).toEqual([{ key: 'projects/3/x', size: 1, lastModified: expect.any(Date) }]);
    expect(Date.now() - listed[0]!.lastModified.getTime()).toBeLessThan(60_000);
  });
});

describe('disk store', () => {
  it('refuses keys that would leave its folder', async () => {
    const store = createDiskStore(fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-store-')));
    for (const key of ['../x', 'projects/../../x', '/etc/passwd', 'projects//x']) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]), 'image/png')).rejects.toThrow(/invalid object key/);
    }
  });

  it('writes files readable by the server\'s user only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-store-'));
    await createDiskStore(dir).put('projects/1/a', Readable.from([Buffer.from('x')]), 'image/png');
    expect(fs.statSync(path.join(dir, 'projects/1/a')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'projects/1')).mode & 0o777).toBe(0o700);
  });
});
