import type { z } from 'zod';

export type IssueSummary = { path: string; message: string };

/** Issues as path/message pairs, so tests compare the wording the API will answer with. */
export function issuesOf(schema: z.ZodType, input: unknown): IssueSummary[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  return issuesOf(schema, input)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);
}

/** The message zod answers for a value outside a choice, in the wording of rules.ts. */
export function invalidOption(values: readonly string[]): string {
  return `Invalid option: expected one of ${values.map((value) => `'${value}'`).join(' | ')}`;
}
