import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Db } from './database';

type Value = string | number;

/**
 * A statement that Kysely builds and compiles once, then runs with each call's values. Building and
 * compiling (and the camel-case plugin's pass over the tree) was a fifth of the server's busy time
 * in the workload (bench/workload.ts, CPU profile), spent again for every request on the same few
 * statements: the project check, a step's answers, the unread count.
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

  return {
    async execute(db: Db, ...args: Args): Promise<Row[]> {
      const adapter = db.getExecutor().adapter;
      let compiled = compiledFor.get(adapter);
      if (!compiled) {
        compiled = compile(db, args.length);
        compiledFor.set(adapter, compiled);
      }
      const { template, slots } = compiled;
      const parameters = template.parameters.map((parameter, position) => {
        const slot = slots[position];
        return slot === undefined ? parameter : args[slot];
      });
      const result: QueryResult<Row> = await db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<Row>);
      return result.rows;
    },

    async executeTakeFirst(db: Db, ...args: Args): Promise<Row | undefined> {
      return (await this.execute(db, ...args))[0];
    },
  };
}
