import path from 'node:path';
import type { Config } from '../../config';
import { createDiskStore } from './disk-store';
import type { ObjectStore } from './object-store';
import { createS3Store } from './s3-store';

/** S3 when S3_BUCKET is set; otherwise DATA_DIR/files. */
export function createObjectStore(config: Pick<Config, 's3' | 'dataDir'>): ObjectStore {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(path.join(config.dataDir, 'files'));
}
