import type { Platform } from '../../platform/compose';
import { registerProjectRoutes } from './routes';
import { createProjectService, type ProjectFileCleanup } from './service';

/** Projects: the architects' lists and search, the clients' dashboard. */
export function registerProjectsModule(platform: Platform, needs: { files: ProjectFileCleanup }): void {
  const { data, access, accessChanged } = platform;
  registerProjectRoutes(platform.app, createProjectService({ data, access, files: needs.files, accessChanged }));
}
