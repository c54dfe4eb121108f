import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/global-setup.js';
import { createTestDb } from '../../test/helpers.js';
import { databaseName } from '../../test/postgres-admin.js';

// The drill (backup under load, restore, read back through the API) is e2e/backup-restore.e2e.test.ts;
// these are the commands' refusals, on the lane's own dialect.
const ROOT = resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'abhyas-backup-cli-'));
const tpl = inject('dbTemplate');
let testDb: Awaited<ReturnType<typeof createTestDb>>;
let url: string;

beforeAll(async () => {
  testDb = await createTestDb();
  if (tpl.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(testDb.db);
    url = `file:${rows.find((r) => r.name === 'main')!.file}`;
  } else {
    url = withDatabase(tpl.baseUrl, await databaseName(testDb.db));
  }
});
afterAll(async () => {
  await testDb.dispose();
  rmSync(dir, { recursive: true, force: true });
});

type Ran = { code: number; stdout: string; stderr: string };

function cli(name: 'backup' | 'restore', args: string[], databaseUrl = url): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, DATABASE_URL: databaseUrl, JWT_SECRET: 'x'.repeat(40) } },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** An empty target of the lane's dialect: a file not yet made, or a new PostgreSQL database dropped by `drop`. */
async function emptyTarget(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (tpl.dialect === 'sqlite') return { url: `file:${join(dir, name, 'app.db')}`, drop: async () => {} };
  const database = `${tpl.template}_${name}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: tpl.baseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${database}`);
  return { url: withDatabase(tpl.baseUrl, database), drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

describe('npm run db:backup and db:restore', () => {
  it('answer a call without exactly one file with their usage and exit 2', async () => {
    const [backup, restore, two] = await Promise.all([cli('backup', []), cli('restore', []), cli('restore', ['a', 'b'])]);
    expect(backup).toMatchObject({ code: 2, stdout: '' });
    expect(backup.stderr).toContain('Usage: npm run db:backup -- <file>');
    expect(restore).toMatchObject({ code: 2, stdout: '' });
    expect(restore.stderr).toContain('Usage: npm run db:restore -- <file>');
    expect(two.code).toBe(2);
  }, 60_000);

  it('refuse a file that is not a backup, and a backup of the other database kind, naming what it is', async () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'these are not the tables you are looking for\n');
    const other = join(dir, tpl.dialect === 'sqlite' ? 'other.dump' : 'other.sqlite');
    if (tpl.dialect === 'sqlite') {
      writeFileSync(other, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(64, 1)]));
    } else {
      const db = new SQLite(other);
      db.exec('create table t (x)');
      db.close();
    }
    const target = await emptyTarget('wrong_kind');
    try {
      const [notBackup, wrongKind] = await Promise.all([cli('restore', [text], target.url), cli('restore', [other], target.url)]);
      expect(notBackup.code).toBe(1);
      expect(notBackup.stderr).toContain('is not an Abhyas backup: it is neither an SQLite database nor a pg_dump custom-format archive');
      expect(wrongKind.code).toBe(1);
      expect(wrongKind.stderr).toContain(
        tpl.dialect === 'sqlite' ? 'is a PostgreSQL backup (pg_dump custom format), but DATABASE_URL points at SQLite' : 'is an SQLite backup, but DATABASE_URL points at PostgreSQL',
      );
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('back up into a new file only, and restore only into an empty database', async () => {
    const file = join(dir, 'full.backup');
    const made = await cli('backup', [file]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const [again, intoFull] = await Promise.all([cli('backup', [file]), cli('restore', [file])]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists; a backup never replaces a file');
    expect(intoFull.code).toBe(1);
    expect(intoFull.stderr).toMatch(/already (holds a database|has \d+ table\(s\)); a backup is restored only into an empty/);
    // The refused restore changed nothing: the lane's database still answers with its rows.
    const { rows } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(testDb.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a backup made by a newer version, one with migrations this build does not have', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('2999_01_01_0001_from_the_future', '2999-01-01T00:00:00.000Z')`.execute(testDb.db);
    const file = join(dir, 'newer.backup');
    expect((await cli('backup', [file])).code).toBe(0);
    const target = await emptyTarget('newer');
    try {
      const res = await cli('restore', [file], target.url);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('was made by a newer Abhyas (migrations this build does not have: 2999_01_01_0001_from_the_future)');
    } finally {
      await target.drop();
      await sql`delete from kysely_migration where name = '2999_01_01_0001_from_the_future'`.execute(testDb.db);
    }
  }, 60_000);
});
