import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { isDatabaseUnavailable } from './errors.js';

const failureOf = (p: Promise<unknown>) => p.then(() => expect.unreachable('it should have failed'), (err: unknown) => err);

describe('isDatabaseUnavailable', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle.dispose());

  it('is true for a refused connection', async () => {
    // Port 9 (discard) is closed on any machine that runs tests.
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:9/none', connectionTimeoutMillis: 2000 });
    expect(isDatabaseUnavailable(await failureOf(client.connect()))).toBe(true);
  });

  it('is true for SQLite busy beyond its timeout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'abhyas-busy-'));
    const a = new SQLite(join(dir, 'busy.db'));
    const b = new SQLite(join(dir, 'busy.db'));
    try {
      a.exec('create table t (x integer)');
      b.pragma('busy_timeout = 0');
      a.exec('BEGIN EXCLUSIVE');
      let err: unknown;
      try {
        b.exec('insert into t values (1)');
      } catch (e) {
        err = e;
      }
      expect((err as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is true for what pg reports of a lost connection, and for PostgreSQL refusing or ending a session', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000', severity: 'FATAL' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
  });

  it('is false for a fault in the query or the data, which stays a 500 or its own 4xx', async () => {
    expect(isDatabaseUnavailable(await failureOf(sql`select * from no_such_table`.execute(handle.db)))).toBe(false);
    const row = { email: 'same@example.com', password_hash: 'x', name: 'A', created_at: 1, updated_at: 1 };
    await handle.db.insertInto('users').values({ ...row, id: 'a' } as never).execute();
    expect(isDatabaseUnavailable(await failureOf(handle.db.insertInto('users').values({ ...row, id: 'b' } as never).execute()))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly!'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
