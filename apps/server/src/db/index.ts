import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
/** What repository functions take first: the database, or a transaction on it. */
export type Executor = Db | Transaction<Database>;

export type DbHandle = {
  db: Db;
  dialect: Dialect;
  /** Closes every connection; safe to call twice. */
  close: () => Promise<void>;
  /** PostgreSQL's connection pool as it stands: connections open, idle, and queries waiting for one. SQLite has no pool. */
  pool?: () => PoolUse;
};

export type PoolUse = { total: number; idle: number; waiting: number };

type Logger = { warn: (obj: object, msg: string) => void };

/** pg hands back bigint (int8) and numeric as strings; our bigints are epoch ms and counts, safe as numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * Destroys Kysely, then releases the underlying connection itself: Kysely skips its destroy when no
 * query ever ran, which would leave the file or the pool open. A second call does nothing.
 */
function closeOnce(db: Kysely<Database>, release: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      await db.destroy();
      await release();
    })());
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares a new better-sqlite3 statement for every query; preparing costs several times more
 * than running a primary-key read. Queries are built from a fixed set of shapes, so their SQL text
 * repeats and the prepared statement can be reused (least recently used ones are dropped).
 * Safe because Kysely runs one query at a time on its single SQLite connection and we never stream.
 */
function withStatementCache(database: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(query: string) {
      let statement = cache.get(query);
      if (statement) {
        cache.delete(query);
      } else {
        statement = database.prepare(query);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(query, statement);
      return statement;
    },
  };
}

/** Opens the configured database: SQLite through better-sqlite3, PostgreSQL through a pg pool. */
export function createDb(dbConfig: Config['db'], logger?: Logger, opts: { poolMax?: number } = {}): DbHandle {
  if (dbConfig.dialect === 'sqlite') {
    if (dbConfig.file !== ':memory:') mkdirSync(dirname(dbConfig.file), { recursive: true });
    const database = new SQLite(dbConfig.file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    return {
      db,
      dialect: 'sqlite',
      close: closeOnce(db, async () => {
        if (database.open) database.close();
      }),
    };
  }
  const pool = new pg.Pool({
    connectionString: dbConfig.url,
    max: opts.poolMax ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: pgTypes,
  });
  // A client whose connection breaks (terminated backend, failover, restart) emits 'error'. pg-pool
  // listens only while the client is idle: one checked out by a query has no listener, and an
  // 'error' event without one is an uncaught exception that ends the process. With this listener
  // the client is only marked unusable: its query fails (answered 503), the pool discards it on
  // release and opens a new connection for the next query.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger?.warn({ err }, 'database connection lost'));
  });
  // pg-pool reports an idle client's error here too, after discarding it; the listener above logged it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    close: closeOnce(db, async () => {
      if (!pool.ended) await pool.end();
    }),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Runs a trivial query and reports how long the database took to answer. */
export async function pingDb(db: Db): Promise<number> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  return Math.round((performance.now() - started) * 100) / 100;
}
