import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { BackupError } from './backup-file.js';
import { restorePostgres } from './pg-backup.js';
import { restoreSqlite } from './sqlite-backup.js';

const USAGE = 'Usage: npm run db:restore -- <file>   (restores a db:backup file into the empty database in DATABASE_URL)';

/** Restores a backup into the configured database, which must be empty. */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean' } } });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const file = resolve(positionals[0]!);
  const config = loadConfig();
  if (config.db.dialect === 'sqlite' && config.db.file === ':memory:') throw new BackupError('DATABASE_URL is :memory:, a database that lives only inside one process; there is nothing to back up or restore into.');
  const report = config.db.dialect === 'sqlite' ? restoreSqlite(file, config.db.file) : await restorePostgres(file, config.db.url, config.backup);
  console.log(report);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError ? err.message : err instanceof Error ? `Restore failed: ${err.message}` : err);
    process.exit(1);
  },
);
