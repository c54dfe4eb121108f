import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '../src/db/index.js';

/** Runs `fn` on a connection of its own to the PostgreSQL server's maintenance database. */
async function asAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const tpl = inject('dbTemplate');
  if (tpl.dialect !== 'postgres') throw new Error('only on the PostgreSQL lane');
  const client = new pg.Client({ connectionString: tpl.baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The name of the database `db` is connected to (each test file has its own clone). */
export async function databaseName(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  return rows[0]!.name;
}

/** What an administrator, a failover or an idle-connection reaper does: ends every session on `database`. */
export async function terminateBackends(database: string): Promise<number> {
  return asAdmin(async (client) => {
    const { rows } = await client.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.filter((r) => r.ended).length;
  });
}

/** An outage: `database` refuses new connections and loses the ones it had; `false` ends it. */
export async function refuseConnections(database: string, refuse: boolean): Promise<void> {
  await asAdmin((client) => client.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS ${refuse ? 'false' : 'true'}`));
  if (refuse) await terminateBackends(database);
}

/** Polls `check` until it holds; resolves with the milliseconds it took, rejects after `timeoutMs`. */
export async function timeUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return Math.round(performance.now() - started);
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A database of its own with nothing in it (not the migrated template): its URL and how to drop it. */
export async function emptyDatabase(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const tpl = inject('dbTemplate');
  if (tpl.dialect !== 'postgres') throw new Error('only on the PostgreSQL lane');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await asAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(tpl.baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined) };
}
