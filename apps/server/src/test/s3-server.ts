import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config';

export interface TestS3 {
  config: S3Config;
  env: Record<string, string>;
  /**
   * Holds every read of an object from now on, unanswered, until `release`: whatever reads the bucket
   * meanwhile waits, as on a bucket that has stopped answering. `requested` resolves at the first.
   */
  holdReads(): { requested: Promise<void>; release(): void };
  /** Makes every multipart upload begun so far look as if it had been begun this long ago. */
  ageIncompleteUploads(ms: number): Promise<void>;
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver keeps an unfinished multipart upload in a folder of its own (the key in a file 'key',
 * the parts beside it) but answers neither ListMultipartUploads nor AbortMultipartUpload. These
 * two answer them from that folder, so remainders of cut uploads can be seen and aborted.
 */
function incompleteUploadOperations(directory: string, bucket: string) {
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');

  async function uploads(): Promise<Array<{ key: string; uploadId: string; initiated: Date }>> {
    const ids = await fsp.readdir(uploadsDir).catch(() => [] as string[]);
    const found = await Promise.all(
      ids.map(async (uploadId) => {
        const key = await fsp.readFile(path.join(uploadsDir, uploadId, 'key'), 'utf8').catch(() => undefined);
        const initiated = (await fsp.stat(path.join(uploadsDir, uploadId))).mtime;
        return key === undefined ? undefined : { key, uploadId, initiated };
      }),
    );
    return found.filter((upload) => upload !== undefined);
  }

  return {
    uploads,
    /** Answers the request if it is one of the two operations; false lets s3rver answer it. */
    async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<boolean> {
      const url = new URL(request.url ?? '/', 'http://s3');
      const [requestBucket, ...keyParts] = url.pathname.split('/').filter((segment) => segment !== '');
      if (requestBucket !== bucket) return false;
      if (request.method === 'GET' && keyParts.length === 0 && url.searchParams.has('uploads')) {
        const prefix = url.searchParams.get('prefix') ?? '';
        const listed = (await uploads()).filter((upload) => upload.key.startsWith(prefix));
        const entries = listed.map(
          (upload) => `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
        );
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
            `<Bucket>${bucket}</Bucket><Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`,
        );
        return true;
      }
      const uploadId = url.searchParams.get('uploadId');
      if (request.method === 'DELETE' && keyParts.length > 0 && uploadId !== null && /^[\w-]+$/.test(uploadId)) {
        await fsp.rm(path.join(uploadsDir, uploadId), { recursive: true, force: true });
        response.writeHead(204).end();
        return true;
      }
      return false;
    },
  };
}

/** A real S3-API server (s3rver) on a free port with an empty bucket, for the S3 store's tests. */
export async function startS3Server(bucket = 'bauakte-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const answer = s3rver.callback();
  const incomplete = incompleteUploadOperations(directory, bucket);
  let holding: { held: Array<() => void>; heard(): void } | undefined;
  const isObjectRead = (request: http.IncomingMessage) =>
    request.method === 'GET' && new URL(request.url ?? '/', 'http://s3').pathname.split('/').filter((segment) => segment !== '').length > 1;
  const server = http.createServer((request, response) => {
    if (holding && isObjectRead(request)) {
      holding.held.push(() => answer(request, response));
      holding.heard();
      return;
    }
    incomplete.handle(request, response).then(
      (handled) => {
        if (!handled) answer(request, response);
      },
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    holdReads() {
      let heard!: () => void;
      const requested = new Promise<void>((resolve) => (heard = resolve));
      const current = { held: [] as Array<() => void>, heard };
      holding = current;
      return {
        requested,
        release() {
          if (holding === current) holding = undefined;
          current.held.splice(0).forEach((respond) => respond());
        },
      };
    },
    async ageIncompleteUploads(ms) {
      const then = new Date(Date.now() - ms);
      for (const upload of await incomplete.uploads()) {
        await fsp.utimes(path.join(directory, bucket, '._S3rver_uploads', upload.uploadId), then, then);
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
