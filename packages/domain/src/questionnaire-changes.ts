/** The fields a save changed, by dotted path (e.g. "roof.roofType"): old and new value. */
export type AnswerChanges = Record<string, { from: unknown; to: unknown }>;

/** A record's answers by dotted path ('roof.roofType'); nested answers are spread into their fields. */
export function answerPaths(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? { [prefix]: value } : {};
  return Object.entries(value).reduce<Record<string, unknown>>((all, [key, inner]) => ({ ...all, ...answerPaths(inner, prefix ? `${prefix}.${key}` : key) }), {});
}

/** An empty list (no 'Weiß ich nicht') is no answer, as a missing one is: older saves hold none. */
const answerOrNull = (value: unknown): unknown => (value === undefined || (Array.isArray(value) && value.length === 0) ? null : value);

/** The fields whose values differ between two answer records, by dotted path. */
export function diffAnswers(before: Record<string, unknown> | null | undefined, after: Record<string, unknown>): AnswerChanges {
  const old = answerPaths(before ?? {});
  const next = answerPaths(after);
  const changes: AnswerChanges = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
    const from = answerOrNull(old[key]);
    const to = answerOrNull(next[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** Two dotted paths name the same answer, or one holds the other ('roof' and 'roof.roofType'). */
export function samePathOrNested(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

/** A patch with one answer set by its dotted path ('roof.roofType'), nested answers as objects. */
export function withAnswer(patch: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return patch;
  if (rest.length === 0) return { ...patch, [head]: value };
  const inner = patch[head];
  const nested = inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...patch, [head]: withAnswer(nested, rest.join('.'), value) };
}

/**
 * What of a save body differs from the answers the form started from: a PUT body with only those
 * answers (nested ones, the roof, with only their changed fields). Answers the body leaves out stay out.
 */
export function changedAnswers(before: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const old = answerPaths(before);
  return Object.entries(answerPaths(body)).reduce<Record<string, unknown>>(
    (patch, [path, value]) => (JSON.stringify(answerOrNull(old[path]) ?? null) === JSON.stringify(answerOrNull(value) ?? null) ? patch : withAnswer(patch, path, value ?? null)),
    {},
  );
}

/** A step's version as its ETag (and If-Match): a strong tag holding the counter, e.g. "3". */
export const stepVersionTag = (version: number): string => `"${version}"`;
