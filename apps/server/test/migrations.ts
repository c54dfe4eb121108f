import { Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { migrations } from '../src/db/migrate.js';
import { createTestDb } from './helpers.js';

/**
 * A fresh database for a migration's data test, and a way to move its schema to just after a named
 * migration, up or down, so a test can write rows as they were and then migrate them.
 */
export function migrationTestDb() {
  let handle: Awaited<ReturnType<typeof createTestDb>> | undefined;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle?.dispose());
  const db = () => handle!.db;
  const migrateTo = async (name: string): Promise<void> => {
    const result = await new Migrator({ db: db(), provider: { getMigrations: async () => migrations } }).migrateTo(name);
    if (result.error) throw result.error;
  };
  return { db, migrateTo, latest: Object.keys(migrations).at(-1)! };
}
