import { loadConfig } from '../config.js';
import { refuseInMemory, runOnFile } from './backup-file.js';
import { restorePostgres } from './pg-backup.js';
import { restoreSqlite } from './sqlite-backup.js';

const USAGE = 'Usage: npm run db:restore -- <file>   (restores a db:backup file into the empty database in DATABASE_URL)';

/** Restores a backup into the configured database, which must be empty. */
runOnFile(process.argv.slice(2), USAGE, 'Restore failed', async (file) => {
  const config = loadConfig();
  refuseInMemory(config.db);
  const report = config.db.dialect === 'sqlite' ? restoreSqlite(file, config.db.file) : await restorePostgres(file, config.db.url, config.backup);
  console.log(report);
});
