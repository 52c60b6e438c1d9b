import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createBackup, partialFileOf } from './platform/backup/backup';
import { BackupError, type Manifest } from './platform/backup/manifest';
import { restoreBackup } from './platform/backup/restore';

/**
 * npm run backup -- FILE / npm run restore -- FILE [--force]: the operator's commands, with the
 * server's configuration (same variables, same defaults). Exit code 0, or 1 with one line.
 */
const usage = 'usage: backup FILE | restore FILE [--force]';

function stop(command: string, problem: string): never {
  console.error(`Bauakte ${command} failed: ${problem}`);
  process.exit(1);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function contentsLine(manifest: Manifest): string {
  const counts = Object.values(manifest.database.rowCounts);
  const rows = counts.reduce((sum, count) => sum + count, 0);
  const files =
    manifest.files.store === 'disk'
      ? `${manifest.files.count} Dateien / files (${megabytes(manifest.files.bytes)})`
      : 'Dateien im S3-Bucket, nicht im Archiv / files are in the S3 bucket, not in the archive';
  return `${counts.length} Tabellen / tables, ${rows} Zeilen / rows, ${files}`;
}

async function main(): Promise<void> {
  // The archive and everything restored (database, secret, files) are for the server's user only.
  process.umask(0o077);
  const [command, file, ...flags] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) stop(command ?? 'command', usage);
  const unknownFlag = flags.find((flag) => flag !== '--force' || command === 'backup');
  if (unknownFlag) stop(command, `unknown option ${unknownFlag} (${usage})`);
  // npm run works in the project's folder; a relative FILE means the folder npm was called from.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  // Ctrl-C: no half archive stays behind (the staging folder is removed by the next run).
  const interrupted = () => {
    if (command === 'backup') fs.rmSync(partialFileOf(target), { force: true });
    stop(command, 'abgebrochen / interrupted');
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const config = loadConfig();
    if (command === 'backup') {
      const manifest = await createBackup(config, target);
      console.log(`Sicherung geschrieben / backup written: ${target}`);
      console.log(contentsLine(manifest));
      return;
    }
    const manifest = await restoreBackup(config, target, { force: flags.includes('--force') });
    console.log(`Sicherung vom ${manifest.createdAt} eingespielt / backup of ${manifest.createdAt} restored (Bauakte ${manifest.bauakteVersion})`);
    console.log(`${contentsLine(manifest)}; Zeilenzahlen und SHA-256 geprüft / row counts and sha256 verified`);
    console.log('Jetzt den Server starten / now start the server: npm start');
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) stop(command, error.message);
    const reason = error instanceof Error ? error.message : String(error);
    stop(command, reason.split('\n')[0] ?? reason);
  }
}

void main();
