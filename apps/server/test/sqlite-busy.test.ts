import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';
import { browserRecord, storedViews, track } from './tracking.js';

/**
 * Another process holding SQLite's write lock past the busy timeout (5 s): the database is
 * unavailable for writing, not broken, and the answers say so.
 */
describe.skipIf(process.env.TEST_DIALECT !== 'sqlite')('SQLite locked by another process', () => {
  let t: TestApp;
  let file: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db);
    file = rows[0]!.file;
  });
  afterAll(async () => t.close());

  /** Runs `fn` while a second connection holds the write lock. */
  async function whileLocked<T>(fn: () => Promise<T>): Promise<T> {
    const other = new SQLite(file);
    other.exec('BEGIN EXCLUSIVE');
    try {
      return await fn();
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  }

  it('a write answers 503 with Retry-After in the one error shape', async () => {
    const res = await whileLocked(() =>
      t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Asha', email: 'asha@example.com', password: 'long enough' } }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Asha', email: 'asha@example.com', password: 'long enough' } });
    expect(again.statusCode).toBe(201);
  });

  it('page views accepted meanwhile are kept and written once the lock is gone', async () => {
    await whileLocked(async () => {
      for (let i = 0; i < 5; i += 1) expect((await track(t.app, browserRecord({ path: `/locked/${i}` }))).statusCode).toBe(204);
      await t.pageViews.flush();
    });
    await t.pageViews.flush();
    expect((await storedViews(t.db)).map((v) => v.path).sort()).toEqual(['/locked/0', '/locked/1', '/locked/2', '/locked/3', '/locked/4']);
  });
});
