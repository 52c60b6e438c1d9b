import { z } from 'zod';

/** Raised by backup and restore for the one line the command prints before it stops with exit code 1. */
export class BackupError extends Error {}

export const manifestName = 'manifest.json';
export const formatName = 'bauakte-backup';
export const formatVersion = 1;

const fileEntrySchema = z.object({
  /** The object key in the store, which is its path below files/ in the archive. */
  key: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(formatName),
  formatVersion: z.number().int(),
  bauakteVersion: z.string(),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  database: z.object({
    /** Path in the archive: database/app.db (SQLite) or database/postgres.dump (pg_dump --format=custom). */
    path: z.enum(['database/app.db', 'database/postgres.dump']),
    /** PostgreSQL: the schema that was dumped, and that pg_restore creates again. */
    schema: z.string().optional(),
    migrations: z.array(z.string()),
    rowCounts: z.record(z.string(), z.number().int().min(0)),
  }),
  files: z.object({
    /** 's3': the files are in the bucket, not in the archive (see docs/operations.md). */
    store: z.enum(['disk', 's3']),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    entries: z.array(fileEntrySchema),
  }),
  /** DATA_DIR/jwt-secret is in the archive (absent when JWT_SECRET is set instead). */
  jwtSecret: z.boolean(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileEntrySchema>;

export const notABackup = (detail: string) =>
  new BackupError(`Das Archiv ist keine Bauakte-Sicherung / the archive is not a Bauakte backup (${detail})`);

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notABackup('manifest.json is not JSON');
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null)?.format;
  if (format !== formatName) throw notABackup('manifest.json names no Bauakte format');
  const version = (json as { formatVersion?: unknown }).formatVersion;
  if (version !== formatVersion) {
    throw new BackupError(`Archivformat ${String(version)} wird nicht unterstützt / archive format ${String(version)} is not supported (this Bauakte reads format ${formatVersion})`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw notABackup(`manifest.json is incomplete: ${parsed.error.issues[0]?.path.join('.') ?? ''}`);
  return parsed.data;
}
