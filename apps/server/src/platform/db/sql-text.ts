/**
 * Values written into SQL text, for scripts that run outside Kysely (psql during a restore), where
 * statements cannot take parameters.
 */
export const sqlLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

export const sqlIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;
