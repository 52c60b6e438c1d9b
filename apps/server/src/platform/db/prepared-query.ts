import { CompiledQuery, NoResultError, QueryNode, type Compilable, type QueryResult } from 'kysely';
import type { Db } from './database';

type Value = string | number;

/**
 * A statement that Kysely builds and compiles once, then runs with each call's values. Building and
 * compiling (and the camel-case plugin's pass over the tree) would otherwise be spent again for
 * every request on the same few statements: the project check, a step's answers, the unread count.
 *
 * `build` is called once with a placeholder for each argument; every placeholder must become a
 * parameter of the statement (a value compared or inserted, not a list, a name or a piece of SQL),
 * and the statement's shape must not depend on the values. Constants in `build` stay as they are.
 */
export function preparedQuery<Args extends readonly Value[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  // Per database (its adapter, shared by its transactions): SQLite and PostgreSQL compile differently,
  // and the tests run both in one process.
  const compiledFor = new WeakMap<object, { template: CompiledQuery<Row>; slots: (number | undefined)[] }>();

  function compile(db: Db, arity: number) {
    const placeholders = Array.from({ length: arity }, (_, index) => Object.freeze({ preparedQueryArgument: index }));
    const template = build(db, ...(placeholders as unknown as Args)).compile();
    const slots = template.parameters.map((parameter) => {
      const index = placeholders.indexOf(parameter as (typeof placeholders)[number]);
      return index === -1 ? undefined : index;
    });
    const missing = placeholders.findIndex((_, index) => !slots.includes(index));
    if (missing !== -1) throw new Error(`preparedQuery: argument ${missing} is not a parameter of: ${template.sql}`);
    return { template, slots };
  }

  function compiledOn(db: Db, arity: number) {
    const adapter = db.getExecutor().adapter;
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      compiled = compile(db, arity);
      compiledFor.set(adapter, compiled);
    }
    return compiled;
  }

  async function run(db: Db, args: Args): Promise<QueryResult<Row>> {
    const { template, slots } = compiledOn(db, args.length);
    const parameters = template.parameters.map((parameter, position) => {
      const slot = slots[position];
      return slot === undefined ? parameter : args[slot];
    });
    return db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<Row>);
  }

  return {
    async execute(db: Db, ...args: Args): Promise<Row[]> {
      return (await run(db, args)).rows;
    },

    async executeTakeFirst(db: Db, ...args: Args): Promise<Row | undefined> {
      return (await run(db, args)).rows[0];
    },

    /** Kysely's NoResultError without a row, as a built query's executeTakeFirstOrThrow (the API answers 404). */
    async executeTakeFirstOrThrow(db: Db, ...args: Args): Promise<Row> {
      const row = (await run(db, args)).rows[0];
      if (row !== undefined) return row;
      const { query } = compiledOn(db, args.length).template;
      throw QueryNode.is(query) ? new NoResultError(query) : new Error('preparedQuery: no result');
    },

    /** For an update or delete without `returning`: how many rows it changed. */
    async affectedRows(db: Db, ...args: Args): Promise<number> {
      return Number((await run(db, args)).numAffectedRows ?? 0);
    },
  };
}
