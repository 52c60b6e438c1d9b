import {
  AbortMultipartUploadCommand, CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command,
  NoSuchKey, NotFound, S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../config';
import type { ByteRange, ObjectStore, StoredObjectInfo } from './object-store';

/** How list() names an unfinished multipart upload, so that delete() can abort it. */
const remainderMark = '#upload=';

/** The largest object one CopyObject may copy; larger ones are streamed through the server. */
const copyObjectMaxBytes = 5 * 1024 ** 3;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * An S3 bucket (AWS, MinIO, any S3 API). Uploads stream in 8 MiB parts (lib-storage), so no file is
 * ever held whole in memory; a part upload that never completes is no object and is aborted by the sweep.
 */
export function createS3Store(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;

  async function* listObjects(prefix: string): AsyncGenerator<StoredObjectInfo> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Multipart uploads begun below the prefix and never completed or aborted, page by page. */
  async function* listIncompleteUploads(prefix: string): AsyncGenerator<StoredObjectInfo> {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: prefix, KeyMarker, UploadIdMarker })).catch((error: unknown) => {
        // A bucket service without multipart listings has no remainders to show; the sweep still removes objects.
        if ((error as { name?: string }).name === 'NotImplemented') return undefined;
        throw error;
      });
      if (!page) return;
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        yield { key: `${upload.Key}${remainderMark}${upload.UploadId}`, size: 0, lastModified: upload.Initiated ?? new Date(0) };
      }
      [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (KeyMarker);
  }

  const store: ObjectStore = {
    kind: 's3',

    async put(key, body, contentType) {
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType }, partSize: 8 * 1024 * 1024, queueSize: 2 });
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        throw error;
      }
      return size;
    },

    async get(key, range?: ByteRange) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { key, size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async move(from, to) {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: from }));
      if ((head.ContentLength ?? 0) <= copyObjectMaxBytes) {
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: encodeURI(`${Bucket}/${from}`), ContentType: head.ContentType, MetadataDirective: 'REPLACE' }));
      } else {
        const body = await store.get(from);
        if (!body) throw new Error(`object ${from} vanished before it was moved`);
        await store.put(to, body, head.ContentType ?? 'application/octet-stream');
      }
      // A copy whose original could not be deleted is complete all the same; the sweep removes the original.
      await store.delete(from).catch(() => undefined);
    },

    async delete(key) {
      const [objectKey = key, uploadId] = key.split(remainderMark);
      if (uploadId) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: objectKey, UploadId: uploadId }));
        return;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix) {
      yield* listObjects(prefix);
      // Multipart uploads that never completed hold parts but are no objects: list them as remainders.
      yield* listIncompleteUploads(prefix);
    },
  };
  return store;
}
