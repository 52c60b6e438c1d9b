import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, planOnce } from './database';

describe('planOnce (SQLite)', () => {
  it('marks the parameters and leaves a question mark inside a quoted text or name as it is', () => {
    expect(planOnce(`select 'Wer? ''Sie?''' as "frage?", x from t where a = ? and b in (?, ?) limit ? offset ?`)).toBe(
      `select 'Wer? ''Sie?''' as "frage?", x from t where a = +? and b in (+?, +?) limit +? offset +?`,
    );
  });

  it('answers with the values bound, whatever their type, as a bare parameter would', async () => {
    const database = openDatabase({ sqliteFile: ':memory:' });
    try {
      const row = await sql<{ text: string; number: number; none: null; blob: Buffer; page: number; mark: string }>`
        select ${'Fenster?'} as text, ${42} as number, ${null} as none, ${Buffer.from([1, 2])} as blob, '?' as mark,
          (select count(*) from (select 1 union all select 2 union all select 3) limit ${2}) as page`.execute(database.db);
      expect(row.rows[0]).toEqual({ text: 'Fenster?', number: 42, none: null, blob: Buffer.from([1, 2]), page: 3, mark: '?' });
      // A text that looks like a number still compares as text with a text column, as without the plus.
      await sql`create table notes (body text)`.execute(database.db);
      await sql`insert into notes (body) values (${'007'})`.execute(database.db);
      expect((await sql<{ body: string }>`select body from notes where body = ${'007'}`.execute(database.db)).rows).toEqual([{ body: '007' }]);
      const limited = await sql<{ n: number }>`select value as n from json_each(${'[1,2,3,4]'}) limit ${2} offset ${1}`.execute(database.db);
      expect(limited.rows.map((r) => r.n)).toEqual([2, 3]);
    } finally {
      await database.close();
    }
  });
});
