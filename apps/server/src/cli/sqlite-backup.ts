import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { constants } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { BackupError, assertKind, assertKnownMigrations, elapsed, formatBytes, placeFile } from './backup-file.js';

/** Pages per backup step past the first: all of them, so the copy is read in one snapshot. */
const ALL_PAGES = 0x7fffffff;

function nonEmpty(file: string): boolean {
  return existsSync(file) && statSync(file).size > 0;
}

/**
 * Copies the live database through SQLite's online backup API into `target`, written under a
 * temporary name and renamed once complete and checked. The first step only measures; the second
 * copies every page inside one read transaction, so the copy is one consistent snapshot. In WAL mode
 * that read blocks no writer, and a copy made in small steps would start over after every write
 * another connection commits, which under steady load may never finish.
 */
export async function backupSqlite(source: string, target: string): Promise<string> {
  if (!nonEmpty(source)) throw new BackupError(`There is no database at ${source} (DATABASE_URL) to back up.`);
  const temp = `${target}.partial-${process.pid}`;
  const started = performance.now();
  const db = new SQLite(source, { fileMustExist: true });
  let pages = 0;
  let pageSize = 0;
  try {
    db.pragma('busy_timeout = 5000');
    pageSize = db.pragma('page_size', { simple: true }) as number;
    const result = await db.backup(temp, { progress: () => ALL_PAGES });
    pages = result.totalPages;
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  } finally {
    db.close();
  }
  try {
    // The copy keeps the source's WAL mode in its header; a rollback journal makes it one self-contained file.
    const copy = new SQLite(temp, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`The copy failed SQLite's check (${String(check)}); ${target} was not written.`);
    } finally {
      copy.close();
    }
    placeFile(temp, target, { private: true });
  } finally {
    rmSync(temp, { force: true });
  }
  const bytes = statSync(target).size;
  return `Backed up ${source} to ${target}: ${pages} pages of ${pageSize} bytes, ${formatBytes(bytes)}, in ${elapsed(started)}.`;
}

function appliedMigrations(db: SQLite.Database): string[] {
  const table = db.prepare(`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`).get();
  if (!table) return [];
  return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
}

/**
 * Puts an SQLite backup where DATABASE_URL points, only when nothing is there yet (or an empty file).
 * The backup is copied beside the target first and checked there (integrity, migrations this build
 * knows), so a refused or damaged file never becomes the database.
 */
export function restoreSqlite(backup: string, target: string): string {
  assertKind(backup, 'sqlite');
  if (nonEmpty(target) || nonEmpty(`${target}-wal`)) {
    throw new BackupError(`${target} already holds a database; a backup is restored only into an empty one. Move it away, or set DATABASE_URL to a new file.`);
  }
  const started = performance.now();
  mkdirSync(dirname(target), { recursive: true });
  const temp = `${target}.restoring-${process.pid}`;
  copyFileSync(backup, temp, constants.COPYFILE_EXCL);
  try {
    let applied: string[];
    const db = new SQLite(temp, { fileMustExist: true });
    try {
      const rows = db.pragma('integrity_check') as { integrity_check: string }[];
      if (rows.length !== 1 || rows[0]!.integrity_check !== 'ok') {
        throw new BackupError(`${backup} is damaged: ${rows.slice(0, 5).map((r) => r.integrity_check).join('; ')}`);
      }
      applied = appliedMigrations(db);
      db.pragma('journal_mode = DELETE');
    } catch (err) {
      if (err instanceof SQLite.SqliteError && err.code === 'SQLITE_NOTADB') throw new BackupError(`${backup} is damaged: ${err.message}`);
      throw err;
    } finally {
      db.close();
    }
    assertKnownMigrations(backup, applied);
    // An empty file the server or an operator left is replaced; one with data never is.
    if (existsSync(target) && statSync(target).size === 0) rmSync(target);
    placeFile(temp, target);
    return `Restored ${backup} into ${target}: ${formatBytes(statSync(target).size)}, ${applied.length} migrations, in ${elapsed(started)}. The server brings it to this version's schema when it starts.`;
  } finally {
    rmSync(temp, { force: true });
  }
}
