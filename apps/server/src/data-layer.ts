import { createAccountTokenRepository } from './modules/accounts/repository';
import { createTeamRepository } from './modules/admin/repository';
import { createChatRepository } from './modules/chat/repository';
import { createCustomerRepository } from './modules/customers/repository';
import { createDashboardLayoutRepository } from './modules/dashboard/repository';
import { createDemoRepository } from './modules/demo/repository';
import { createFileRepository, createItemPhotoRepository, createQuestionPhotoRepository, createRenderedPageRepository } from './modules/files/repository';
import { createPinRepository } from './modules/pins/repository';
import { createFormNoticeRepository, createItemNoticeRepository, createPlanNoticeRepository, createNotificationSettingsRepository } from './modules/notifications/repository';
import { createProjectRepository } from './modules/projects/repository';
import { createFollowUpRepository } from './modules/questionnaire/follow-up-repository';
import { createQuestionnaireRepository } from './modules/questionnaire/repository';
import { createAccessRepository } from './platform/access/repository';
import { createSessionRepository } from './platform/auth/repository';
import type { DatabaseHandle, Db } from './platform/db/database';
import { createDataLayer, type DataLayer, type RepositoryFactories } from './platform/db/repositories';
import { createUserRepository } from './platform/db/users-repository';
import { createMailQueueRepository } from './platform/mail/repository';
import { createThrottleRepository } from './platform/rate-limit/repository';

/**
 * Every repository, by name: the platform's, then each module's. `asyncCommitDb` is where writes
 * whose loss in a crash does no harm go (the marks of projects seen and of messages read); inside a
 * transaction it is the transaction.
 */
const repositories: RepositoryFactories = {
  users: (db: Db) => createUserRepository(db),
  sessions: (db: Db) => createSessionRepository(db),
  access: (db: Db) => createAccessRepository(db),
  throttle: (db: Db) => createThrottleRepository(db),
  mailOutbox: (db: Db) => createMailQueueRepository(db),
  accountTokens: (db: Db) => createAccountTokenRepository(db),
  teams: (db: Db) => createTeamRepository(db),
  customers: (db: Db) => createCustomerRepository(db),
  notificationSettings: (db: Db) => createNotificationSettingsRepository(db),
  formNotices: (db: Db) => createFormNoticeRepository(db),
  planNotices: (db: Db) => createPlanNoticeRepository(db),
  itemNotices: (db: Db) => createItemNoticeRepository(db),
  projects: (db: Db, asyncCommitDb: Db) => createProjectRepository(db, asyncCommitDb),
  questionnaire: (db: Db) => createQuestionnaireRepository(db),
  files: (db: Db) => createFileRepository(db),
  renderedPages: (db: Db, asyncCommitDb: Db) => createRenderedPageRepository(db, asyncCommitDb),
  questionPhotos: (db: Db) => createQuestionPhotoRepository(db),
  itemPhotos: (db: Db) => createItemPhotoRepository(db),
  pins: (db: Db) => createPinRepository(db),
  followUps: (db: Db) => createFollowUpRepository(db),
  chat: (db: Db, asyncCommitDb: Db) => createChatRepository(db, asyncCommitDb),
  dashboardLayouts: (db: Db) => createDashboardLayoutRepository(db),
  demo: (db: Db) => createDemoRepository(db),
};

/** The data layer over every repository of the installation: what services reach the database through. */
export function openDataLayer(database: Pick<DatabaseHandle, 'db' | 'asyncCommitDb'>): DataLayer {
  return createDataLayer(database, repositories);
}
