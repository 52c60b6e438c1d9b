/** A unique index refused the row (SQLite and PostgreSQL report this differently). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** A row refers to one that is gone (e.g. a file of a project deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * PostgreSQL refused a prepared statement because a table it reads changed shape since it was
 * prepared ("cached plan must not change result type").
 */
export function isStalePlan(error: unknown): boolean {
  const found = error as { code?: unknown; message?: unknown } | null;
  return found?.code === '0A000' && typeof found.message === 'string' && found.message.includes('cached plan');
}
