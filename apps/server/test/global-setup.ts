import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; baseUrl: string; template: string };
  }
}

/** Migrates one template database per run; each test file then copies it (SQLite) or clones it (PostgreSQL). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's `env` reaches test workers, not this process: read it from the project's config.
  const dialect = project.config.env?.TEST_DIALECT ?? 'sqlite';
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'abhyas-test-'));
    const file = join(dir, 'template.db');
    const handle = createDb({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('dbTemplate', { dialect: 'sqlite', file });
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const baseUrl = process.env.DATABASE_URL_TEST;
  if (!baseUrl) throw new Error('DATABASE_URL_TEST must point at a PostgreSQL server for the postgres lane');
  const template = `abhyas_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const handle = createDb({ dialect: 'postgres', url: withDatabase(baseUrl, template) }, undefined, { poolMax: 1 });
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('dbTemplate', { dialect: 'postgres', baseUrl, template });

  return async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await client.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
