// Where the database time of a bench server goes (BENCH_STATEMENTS=1): every statement's time as
// Kysely measures it (on PostgreSQL with the pool's wait and the round trip), summed per SQL text.
import type { CompiledQuery } from 'kysely';

interface Totals {
  count: number;
  milliseconds: number;
  max: number;
}

export function createStatementTimes() {
  const totals = new Map<string, Totals>();
  let recording = false;
  return {
    /** For openDatabase's onQuery. */
    record(query: CompiledQuery, milliseconds = 0): void {
      if (!recording) return;
      const entry = totals.get(query.sql) ?? { count: 0, milliseconds: 0, max: 0 };
      entry.count += 1;
      entry.milliseconds += milliseconds;
      entry.max = Math.max(entry.max, milliseconds);
      totals.set(query.sql, entry);
    },
    /** Seeding is not counted: only what runs from here on. */
    start(): void {
      recording = true;
    },
    /** The statements with the most time in all, one line each. */
    report(label: string, top = 25): string[] {
      const all = [...totals.values()].reduce((sum, entry) => sum + entry.count, 0);
      return [`${label} ${all} statements in all`, ...[...totals.entries()]
        .sort((a, b) => b[1].milliseconds - a[1].milliseconds)
        .slice(0, top)
        .map(([text, entry]) =>
          `${label} ${entry.milliseconds.toFixed(0).padStart(7)} ms ${String(entry.count).padStart(6)}× avg ${(entry.milliseconds / entry.count).toFixed(2)} max ${entry.max.toFixed(0)} ms | ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
        )];
    },
  };
}
