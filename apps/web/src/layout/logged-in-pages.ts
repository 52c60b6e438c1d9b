/**
 * The logged-in shell and all its pages, loaded as one chunk. Loaded page by page they split into
 * some forty small shared chunks, and a phone fetches those a few at a time, round trip after
 * round trip, before the first dashboard shows. Rarely used parts (export, upload, chat, password
 * strength) stay lazy in their own chunks.
 */
export { AppShell } from './app-shell';
export { ArchitectDashboardPage } from '../features/dashboard/architect-dashboard-page';
export { ClientDashboardPage } from '../features/dashboard/client-dashboard-page';
export { ProjectOverviewPage } from '../features/project-overview/project-overview-page';
export { AdminPage } from '../features/admin/admin-page';
export { GeneralPage } from '../features/questionnaire/general-page';
export { StoreysPage } from '../features/questionnaire/storeys-page';
export { WindowsPage } from '../features/questionnaire/windows-page';
export { HeatingPage } from '../features/questionnaire/heating-page';
