/**
 * The logged-in shell and its pages, loaded as one chunk. Loaded page by page they split into
 * some forty small shared chunks, and a phone fetches those a few at a time, round trip after
 * round trip, before the first dashboard shows. The questionnaire's steps (questionnaire-pages.ts)
 * and rarely used parts (export, upload, chat, password strength) stay lazy in their own chunks.
 */
export { AppShell } from './app-shell';
export { ArchitectDashboardPage } from '../features/dashboard/architect-dashboard-page';
export { ClientDashboardPage } from '../features/dashboard/client-dashboard-page';
export { ProjectOverviewPage } from '../features/project-overview/project-overview-page';
export { AdminPage } from '../features/admin/admin-page';
