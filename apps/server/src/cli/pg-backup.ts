import { execFile } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import pg from 'pg';
import { BackupError, assertKind, assertKnownMigrations, elapsed, formatBytes, placeFile } from './backup-file.js';

type Tools = Readonly<{ pgDump: string; pgRestore: string }>;
type Ran = { code: number; stdout: string; stderr: string };

/**
 * The database's address for libpq without its password, and an environment carrying the password as
 * PGPASSWORD: the address goes to the program as one argument (never through a shell), and the
 * password stays out of the process list.
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { dbname: parsed.toString(), env };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv, setting: 'PG_DUMP' | 'PG_RESTORE'): Promise<Ran> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { env, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(
          new BackupError(
            `${program} was not found. Install PostgreSQL's client programs of the server's major version or later ` +
              `(Debian and Ubuntu: apt-get install postgresql-client-<major>; macOS: brew install libpq), or set ${setting} to the program's path.`,
          ),
        );
        return;
      }
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

async function programMajor(program: string, setting: 'PG_DUMP' | 'PG_RESTORE'): Promise<{ major: number; version: string }> {
  const ran = await run(program, ['--version'], process.env, setting);
  const match = /\)\s*(\d+)(?:\.(\d+))?/.exec(ran.stdout) ?? /(\d+)\.(\d+)/.exec(ran.stdout);
  if (ran.code !== 0 || !match) throw new BackupError(`${program} --version did not say its version: ${(ran.stderr || ran.stdout).trim()}`);
  return { major: Number(match[1]), version: match[2] === undefined ? match[1]! : `${match[1]}.${match[2]}` };
}

async function withClient<T>(url: string, job: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the database in DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    return await job(client);
  } finally {
    await client.end();
  }
}

async function serverMajor(client: pg.Client): Promise<{ major: number; version: string }> {
  const { rows } = await client.query<{ num: string; version: string }>(`select current_setting('server_version_num') as num, current_setting('server_version') as version`);
  return { major: Math.floor(Number(rows[0]!.num) / 10000), version: rows[0]!.version };
}

/** The arguments of `pg_dump` the backup runs (README: Backup and restore). */
export function pgDumpArgs(file: string, dbname: string): string[] {
  return ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`];
}

/** The arguments of `pg_restore` the restore runs (README: Backup and restore). */
export function pgRestoreArgs(file: string, dbname: string): string[] {
  return ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file];
}

/**
 * Runs pg_dump, which reads the whole database in one repeatable-read snapshot while the server keeps
 * writing, into a temporary file renamed once pg_dump has finished.
 */
export async function backupPostgres(url: string, target: string, tools: Tools): Promise<string> {
  const dump = await programMajor(tools.pgDump, 'PG_DUMP');
  const server = await withClient(url, serverMajor);
  if (dump.major < server.major) {
    throw new BackupError(
      `${tools.pgDump} is version ${dump.version}, older than the PostgreSQL ${server.version} server, which it cannot dump. ` +
        `Install pg_dump ${server.major} or later (postgresql-client-${server.major}) or set PG_DUMP to it.`,
    );
  }
  const { dbname, env } = pgConnection(url);
  const temp = `${target}.partial-${process.pid}`;
  const started = performance.now();
  try {
    const ran = await run(tools.pgDump, pgDumpArgs(temp, dbname), env, 'PG_DUMP');
    if (ran.code !== 0) throw new BackupError(`pg_dump failed (exit ${ran.code}): ${ran.stderr.trim()}`);
    placeFile(temp, target, { private: true });
  } finally {
    rmSync(temp, { force: true });
  }
  const lines = [`Backed up PostgreSQL ${server.version} to ${target} with pg_dump ${dump.version}: ${formatBytes(statSync(target).size)}, in ${elapsed(started)}.`];
  if (dump.major > server.major) {
    lines.push(`pg_dump ${dump.major} is newer than the server (${server.major}): restoring this file needs pg_restore ${dump.major} or later.`);
  }
  return lines.join('\n');
}

/** The migration names in the archive's `kysely_migration` rows, read by pg_restore without a database. */
async function archivedMigrations(file: string, pgRestore: string): Promise<string[]> {
  const ran = await run(pgRestore, ['--data-only', '--table=kysely_migration', '--file=-', file], process.env, 'PG_RESTORE');
  if (ran.code !== 0) throw new BackupError(`${pgRestore} cannot read ${file}: ${ran.stderr.trim()}`);
  const names: string[] = [];
  let inCopy = false;
  for (const line of ran.stdout.split('\n')) {
    if (inCopy) {
      if (line === '\\.') break;
      names.push(line.split('\t')[0]!);
    } else if (/^COPY \S*kysely_migration\b.* FROM stdin;$/.test(line)) {
      inCopy = true;
    }
  }
  return names;
}

/**
 * Restores a pg_dump archive into the database DATABASE_URL names, which must exist and hold no
 * tables; in one transaction, so a failure leaves it empty.
 */
export async function restorePostgres(file: string, url: string, tools: Tools): Promise<string> {
  assertKind(file, 'postgres');
  const restore = await programMajor(tools.pgRestore, 'PG_RESTORE');
  assertKnownMigrations(file, await archivedMigrations(file, tools.pgRestore));
  const { tables, server } = await withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return { tables: rows[0]!.n, server: await serverMajor(client) };
  });
  const name = new URL(url).pathname.slice(1) || '(default)';
  if (tables > 0) {
    throw new BackupError(`The database ${name} already has ${tables} table(s); a backup is restored only into an empty database. Create one (createdb) and point DATABASE_URL at it.`);
  }
  const { dbname, env } = pgConnection(url);
  const started = performance.now();
  const ran = await run(tools.pgRestore, pgRestoreArgs(file, dbname), env, 'PG_RESTORE');
  if (ran.code !== 0) throw new BackupError(`pg_restore ${restore.version} failed (exit ${ran.code}); the database was left as it was: ${ran.stderr.trim()}`);
  return `Restored ${file} into PostgreSQL ${server.version} database ${name} with pg_restore ${restore.version}, in ${elapsed(started)}. The server brings it to this version's schema when it starts.`;
}
