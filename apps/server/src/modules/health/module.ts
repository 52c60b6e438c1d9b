import type { Platform } from '../../platform/compose';
import { registerHealthRoutes } from './routes';

/** /api/health and /api/ready: the process, and whether the database and the file store answer. */
export function registerHealthModule(platform: Platform): void {
  registerHealthRoutes(platform.app, { db: platform.database.db, store: platform.store, version: platform.version });
}
