import { chmodSync, closeSync, existsSync, fsyncSync, linkSync, openSync, readSync, renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { migrations } from '../db/migrate.js';

/** A refusal or failure the commands explain in one message and end with a non-zero exit. */
export class BackupError extends Error {}

/**
 * Runs `db:backup` or `db:restore` on the one file its command line names, then exits: `--help`, or
 * anything but one file, is answered with the usage (exit 0 and 2); a refusal is told in its own
 * words and any other failure after `failedAs` (exit 1).
 */
export function runOnFile(argv: string[], usage: string, failedAs: string, command: (file: string) => Promise<void>): void {
  const main = async (): Promise<number> => {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean' } } });
    if (values.help || positionals.length !== 1) {
      console.error(usage);
      return values.help ? 0 : 2;
    }
    await command(resolve(positionals[0]!));
    return 0;
  };
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof BackupError ? err.message : err instanceof Error ? `${failedAs}: ${err.message}` : err);
      process.exit(1);
    },
  );
}

/** Refuses a database that lives only inside one process: there is nothing to back up or restore into. */
export function refuseInMemory(db: Config['db']): void {
  if (db.dialect === 'sqlite' && db.file === ':memory:') throw new BackupError('DATABASE_URL is :memory:, a database that lives only inside one process; there is nothing to back up or restore into.');
}

export type BackupKind = 'sqlite' | 'postgres';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const PG_DUMP_HEADER = Buffer.from('PGDMP', 'latin1');

/** What made a file, from its first bytes: an SQLite database, a pg_dump custom-format archive, or neither. */
export function backupKind(file: string): BackupKind | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? String(err)}).`);
  }
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read >= SQLITE_HEADER.length && head.equals(SQLITE_HEADER)) return 'sqlite';
    if (read >= PG_DUMP_HEADER.length && head.subarray(0, PG_DUMP_HEADER.length).equals(PG_DUMP_HEADER)) return 'postgres';
    return null;
  } finally {
    closeSync(fd);
  }
}

const KIND_NAMES: Record<BackupKind, string> = { sqlite: 'an SQLite backup', postgres: 'a PostgreSQL backup (pg_dump custom format)' };

/** Refuses a file that is not a backup of the configured database's kind, saying what it is and where it goes. */
export function assertKind(file: string, expected: BackupKind): void {
  const kind = backupKind(file);
  if (kind === expected) return;
  if (kind === null) {
    throw new BackupError(`${file} is not an Abhyas backup: it is neither an SQLite database nor a pg_dump custom-format archive.`);
  }
  const target = expected === 'sqlite' ? 'SQLite (DATABASE_URL=file:…)' : 'PostgreSQL (DATABASE_URL=postgres://…)';
  const needs = kind === 'sqlite' ? 'DATABASE_URL=file:<path>' : 'DATABASE_URL=postgres://… of an empty database';
  throw new BackupError(`${file} is ${KIND_NAMES[kind]}, but DATABASE_URL points at ${target}. Restore it with ${needs}.`);
}

/** Refuses a backup whose schema has migrations this build does not know: it was made by a newer Abhyas. */
export function assertKnownMigrations(file: string, applied: readonly string[]): void {
  if (applied.length === 0) throw new BackupError(`${file} is not an Abhyas backup: it has no record of Abhyas's migrations.`);
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupError(`${file} was made by a newer Abhyas (migrations this build does not have: ${unknown.join(', ')}). Restore it with that version or a later one.`);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

export function elapsed(startedAt: number): string {
  const ms = performance.now() - startedAt;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts a finished file at `target` durably, never replacing a file that appeared there meanwhile: a
 * hard link refuses an existing name, as a rename would not (a rename after a check where the file
 * system has no hard links). `temp` is left for the caller to remove.
 */
export function placeFile(temp: string, target: string, opts: { private?: boolean } = {}): void {
  // A backup holds every account's email and password hash: readable by its owner only.
  if (opts.private) chmodSync(temp, 0o600);
  fsyncPath(temp);
  try {
    linkSync(temp, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupError(`${target} appeared while this command ran; nothing was replaced.`);
    if ((code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') || existsSync(target)) throw err;
    renameSync(temp, target);
  }
  fsyncPath(dirname(target));
}
