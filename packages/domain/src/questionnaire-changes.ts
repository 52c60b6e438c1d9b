import { z } from 'zod';
import { questionnaireSteps } from './questionnaire/progress';
import { personNameSchema } from './people';

/** One field a save changed: dotted path (e.g. "roof.roofType") → old and new value. */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

/** A save of one step: who changed what and when (for the export and the architect's view). */
export const questionnaireChangeSchema = z.object({
  step: z.enum(questionnaireSteps),
  changedBy: z.string(),
  changedAt: z.string(),
  changes: z.record(z.string(), fieldChangeSchema),
  /** Not in the spec: who changedBy names, by name, while the account exists. */
  changedByPerson: personNameSchema.nullable().optional(),
});
export type QuestionnaireChange = z.infer<typeof questionnaireChangeSchema>;

/** The fields whose values differ between two answer records, by dotted path. */
export function diffAnswers(before: Record<string, unknown> | null | undefined, after: Record<string, unknown>): QuestionnaireChange['changes'] {
  const flat = (value: unknown, prefix = ''): Record<string, unknown> => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? { [prefix]: value } : {};
    return Object.entries(value).reduce<Record<string, unknown>>(
      (all, [key, inner]) => ({ ...all, ...flat(inner, prefix ? `${prefix}.${key}` : key) }),
      {},
    );
  };
  const old = flat(before ?? {});
  const next = flat(after);
  const changes: QuestionnaireChange['changes'] = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
    const from = old[key] ?? null;
    const to = next[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
