import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { BackupError, refuseInMemory, runOnFile } from './backup-file.js';
import { backupPostgres } from './pg-backup.js';
import { backupSqlite } from './sqlite-backup.js';

const USAGE = 'Usage: npm run db:backup -- <file>   (a consistent copy of the database in DATABASE_URL, taken while the server serves)';

/** Backs the configured database up into a new file. */
runOnFile(process.argv.slice(2), USAGE, 'Backup failed', async (target) => {
  if (existsSync(target)) throw new BackupError(`${target} already exists; a backup never replaces a file. Choose a new name.`);
  if (!existsSync(resolve(target, '..'))) throw new BackupError(`The folder of ${target} does not exist.`);
  const config = loadConfig();
  refuseInMemory(config.db);
  const report = config.db.dialect === 'sqlite' ? await backupSqlite(config.db.file, target) : await backupPostgres(config.db.url, target, config.backup);
  console.log(report);
  if (config.jwtSecretInDataDir) {
    console.log(`Not in the backup: ${resolve(config.dataDir, 'jwt-secret')}, the sign-in key (JWT_SECRET is unset). Keep a copy of it too, or everyone signs in again after a restore.`);
  }
});
