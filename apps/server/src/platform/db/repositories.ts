import { inTransaction, type Db, type DatabaseHandle } from './database';

/**
 * The repositories on one database or one transaction, by name: each repository file adds its own
 * to this interface (`declare module`), the platform's and the modules' alike, and
 * `src/data-layer.ts` names every one once. So the data layer needs none of them, and every service
 * sees every repository typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the repository files extend it
export interface Repositories {}

/** Builds one repository on a database or transaction; `asyncCommitDb` is where the seen/read marks go. */
export type RepositoryFactory<R> = (db: Db, asyncCommitDb: Db) => R;
/** Every repository's factory, as the composition root names them. */
export type RepositoryFactories = { readonly [Name in keyof Repositories]: RepositoryFactory<Repositories[Name]> };

/**
 * The class of repository sets over `factories`: each repository a getter on the prototype that
 * builds it on first use and then keeps it. A transaction builds only those its work touches (some
 * compile their statements when built), and making a set is one small object, not a property per
 * repository (defined per set, they cost every saving transaction a dictionary-mode object).
 */
function repositorySetClass(factories: RepositoryFactories): new (db: Db, asyncCommitDb: Db) => Repositories {
  class RepositorySet {
    readonly built = new Map<keyof RepositoryFactories, unknown>();
    constructor(
      readonly db: Db,
      readonly asyncCommitDb: Db,
    ) {}
  }
  for (const name of Object.keys(factories) as Array<keyof RepositoryFactories>) {
    Object.defineProperty(RepositorySet.prototype, name, {
      enumerable: true,
      get(this: RepositorySet) {
        let repository = this.built.get(name);
        if (repository === undefined) {
          repository = factories[name](this.db, this.asyncCommitDb);
          this.built.set(name, repository);
        }
        return repository;
      },
    });
  }
  return RepositorySet as unknown as new (db: Db, asyncCommitDb: Db) => Repositories;
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

export function createDataLayer(database: Pick<DatabaseHandle, 'db' | 'asyncCommitDb'>, factories: RepositoryFactories): DataLayer {
  const RepositorySet = repositorySetClass(factories);
  return {
    repos: new RepositorySet(database.db, database.asyncCommitDb),
    transaction: (work) => inTransaction(database.db, (trx) => work(new RepositorySet(trx, trx))),
  };
}
