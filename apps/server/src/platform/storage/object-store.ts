import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Keys the readiness check writes and removes at once. Project files live under 'projects/' (and
 * 'incoming/' while they wait for their project), and listings and sweeps look only there, so a
 * probe never shows up as a file or an orphan.
 */
export const healthProbePrefix = 'health/';

/**
 * Where a file sent before its projectId waits while the fields arrive: its project, and with it
 * its key below 'projects/', is known only afterwards. No file row ever refers to these keys.
 */
export const incomingPrefix = 'incoming/';

/** The prefixes of the server's own objects that listings of remainders and sweeps look at. */
export const uploadPrefixes = ['projects/', incomingPrefix] as const;

export interface StoredObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where project files live: a folder on disk by default, an S3 bucket when configured. Keys are
 * chosen by the server ('projects/12/…'), never taken from a user's file name.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /**
   * Streams the body into the object; the object appears only once it is complete, so a killed
   * upload leaves at most an unlisted remainder that the sweep removes. Answers the bytes stored.
   */
  put(key: string, body: Readable, contentType: string): Promise<number>;
  /** The object's bytes, or a range of them; undefined if there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  /** Gives a complete object another key; the old key is gone afterwards (or left for the sweep). */
  move(from: string, to: string): Promise<void>;
  /** Removes the object; one that is already gone is no error. */
  delete(key: string): Promise<void>;
  /** Every object below the prefix, and remainders of uploads that never completed. */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
}
