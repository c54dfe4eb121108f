import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { BackupError } from './backup-file.js';
import { backupPostgres } from './pg-backup.js';
import { backupSqlite } from './sqlite-backup.js';

const USAGE = 'Usage: npm run db:backup -- <file>   (a consistent copy of the database in DATABASE_URL, taken while the server serves)';

/** Backs the configured database up into a new file. */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean' } } });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const target = resolve(positionals[0]!);
  if (existsSync(target)) throw new BackupError(`${target} already exists; a backup never replaces a file. Choose a new name.`);
  if (!existsSync(resolve(target, '..'))) throw new BackupError(`The folder of ${target} does not exist.`);
  const config = loadConfig();
  if (config.db.dialect === 'sqlite' && config.db.file === ':memory:') throw new BackupError('DATABASE_URL is :memory:, a database that lives only inside one process; there is nothing to back up or restore into.');
  const report = config.db.dialect === 'sqlite' ? await backupSqlite(config.db.file, target) : await backupPostgres(config.db.url, target, config.backup);
  console.log(report);
  if (config.jwtSecretInDataDir) {
    console.log(`Not in the backup: ${resolve(config.dataDir, 'jwt-secret')}, the sign-in key (JWT_SECRET is unset). Keep a copy of it too, or everyone signs in again after a restore.`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError ? err.message : err instanceof Error ? `Backup failed: ${err.message}` : err);
    process.exit(1);
  },
);
