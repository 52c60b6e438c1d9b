export type StepPatch = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored answers of a step with a partial save laid over them. Nested answers (the roof) merge
 * field by field as well, so sending the roof type keeps the attic answer.
 */
export function mergeStepAnswers(stored: unknown, patch: StepPatch): Record<string, unknown> {
  const base = isPlainObject(stored) ? stored : {};
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const before = base[key];
    merged[key] = isPlainObject(value) && isPlainObject(before) ? { ...before, ...value } : value;
  }
  return merged;
}
