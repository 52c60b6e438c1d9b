import { createAccessRepository } from '../access/repository';
import { createSessionRepository } from '../auth/repository';
import { createMailQueueRepository } from '../mail/repository';
import { createThrottleRepository } from '../rate-limit/repository';
import { createAccountTokenRepository } from '../../modules/accounts/repository';
import { createTeamRepository } from '../../modules/admin/repository';
import { createChatRepository } from '../../modules/chat/repository';
import { createCustomerRepository } from '../../modules/customers/repository';
import { createDashboardLayoutRepository } from '../../modules/dashboard/repository';
import { createDemoRepository } from '../../modules/demo/repository';
import { createFileRepository } from '../../modules/files/repository';
import { createFormNoticeRepository, createNotificationSettingsRepository } from '../../modules/notifications/repository';
import { createProjectRepository } from '../../modules/projects/repository';
import { createQuestionnaireRepository } from '../../modules/questionnaire/repository';
import { inTransaction, type Db, type DatabaseHandle } from './database';
import { createUserRepository } from './users-repository';

/**
 * Every repository, by name. `asyncCommitDb` is where writes whose loss in a crash does no harm go
 * (the marks of projects seen and of messages read); inside a transaction it is the transaction.
 */
const repositoryFactories = {
  users: (db: Db) => createUserRepository(db),
  accountTokens: (db: Db) => createAccountTokenRepository(db),
  sessions: (db: Db) => createSessionRepository(db),
  access: (db: Db) => createAccessRepository(db),
  throttle: (db: Db) => createThrottleRepository(db),
  mailOutbox: (db: Db) => createMailQueueRepository(db),
  teams: (db: Db) => createTeamRepository(db),
  customers: (db: Db) => createCustomerRepository(db),
  notificationSettings: (db: Db) => createNotificationSettingsRepository(db),
  formNotices: (db: Db) => createFormNoticeRepository(db),
  projects: (db: Db, asyncCommitDb: Db) => createProjectRepository(db, asyncCommitDb),
  questionnaire: (db: Db) => createQuestionnaireRepository(db),
  files: (db: Db) => createFileRepository(db),
  chat: (db: Db, asyncCommitDb: Db) => createChatRepository(db, asyncCommitDb),
  dashboardLayouts: (db: Db) => createDashboardLayoutRepository(db),
  demo: (db: Db) => createDemoRepository(db),
};

type RepositoryFactories = typeof repositoryFactories;

/** The repositories on one database or one transaction. */
export type Repositories = { readonly [Name in keyof RepositoryFactories]: ReturnType<RepositoryFactories[Name]> };

/**
 * The set of repositories on `db`, each built on first use and then kept: a transaction builds only
 * those its work touches (some compile their statements when built).
 */
export function createRepositories(db: Db, asyncCommitDb: Db = db): Repositories {
  const built = new Map<keyof RepositoryFactories, unknown>();
  const set = {};
  for (const name of Object.keys(repositoryFactories) as Array<keyof RepositoryFactories>) {
    Object.defineProperty(set, name, {
      enumerable: true,
      get: () => {
        if (!built.has(name)) built.set(name, repositoryFactories[name](db, asyncCommitDb));
        return built.get(name);
      },
    });
  }
  return set as Repositories;
}

/**
 * What services reach the database through: the repositories, and a unit of work that hands the
 * same repositories bound to one transaction (all of the work is stored, or none). On SQLite Kysely
 * holds the one connection for the whole transaction, so transactions run one after another; on
 * PostgreSQL repositories take row locks (projects.lock, users.countAdministratorsLocked) where
 * concurrent writers must wait for each other.
 */
export interface DataLayer {
  repos: Repositories;
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createDataLayer(database: Pick<DatabaseHandle, 'db' | 'asyncCommitDb'>): DataLayer {
  return {
    repos: createRepositories(database.db, database.asyncCommitDb),
    transaction: (work) => inTransaction(database.db, (trx) => work(createRepositories(trx))),
  };
}
