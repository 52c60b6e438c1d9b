import type { Platform } from '../../platform/compose';
import { registerDashboardRoutes } from './routes';

/** Each user's card layout of their dashboard. */
export function registerDashboardModule(platform: Platform): void {
  registerDashboardRoutes(platform.app, platform.data.repos.dashboardLayouts);
}
