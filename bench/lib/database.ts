/**
 * The harness's own view of a server's database, for checks that must not go through the server: a
 * read-only better-sqlite3 handle on the SQLite file, or a pg client on the PostgreSQL database. Also
 * makes and drops the fresh PostgreSQL databases scenarios run a server on.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { HarnessError } from './server.js';

/** Runs SQL written with `?` placeholders on either dialect; PostgreSQL's come back as strings for numeric columns. */
export type DbReader = { all<T>(sql: string, params?: unknown[]): Promise<T[]>; close(): Promise<void> };

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Opens a reader on the server's DATABASE_URL (file:… or postgres://…). */
export async function openReader(databaseUrl: string): Promise<DbReader> {
  if (databaseUrl.startsWith('file:')) {
    const db = new Database(databaseUrl.slice('file:'.length), { readonly: true, fileMustExist: true });
    return {
      all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...params) as T[],
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    all: async <T>(sql: string, params: unknown[] = []) => {
      let n = 0;
      return (await client.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
    },
    close: () => client.end(),
  };
}

/** Runs `fn` on a connection to the PostgreSQL server's maintenance database at adminUrl. */
async function asAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new HarnessError(`cannot reach PostgreSQL at ${adminUrl} (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new empty database `name` (dropped first if a stopped run left it); answers its URL. */
export async function freshPostgres(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new HarnessError(`not a database name: ${name}`);
  await asAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  return withDatabase(adminUrl, name);
}

export async function dropPostgres(adminUrl: string, name: string): Promise<void> {
  await asAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Writes every dirty page out now, so that a checkpoint of a bulk load does not land in a measurement. */
export async function checkpointPostgres(adminUrl: string): Promise<void> {
  await asAdmin(adminUrl, (client) => client.query('CHECKPOINT'));
}
