import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { migrations } from './migrate.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

/** Moves the schema to just after the named migration, up or down. */
async function migrateTo(name: string): Promise<void> {
  const result = await new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  if (result.error) throw result.error;
}

const LATEST = Object.keys(migrations).at(-1)!;

describe('migrations keep the rows already stored', () => {
  it('make the page-view path optional, and required again on the way down', async () => {
    await migrateTo('2026_11_21_0007_tracking');
    const view = { created_at: 1, day: '2026-11-01', referrer: 'Direct', visitor_id: 'v1', ip: '203.0.113.7', browser_name: 'Chrome' };
    await handle.db.insertInto('page_views').values({ ...view, id: 'before', path: '/topics' }).execute();
    await expect(handle.db.insertInto('page_views').values({ ...view, id: 'refused', path: null }).execute()).rejects.toThrow();

    await migrateTo(LATEST);
    await handle.db.insertInto('page_views').values({ ...view, id: 'none', path: null }).execute();
    const rows = () => handle.db.selectFrom('page_views').select(['id', 'path', 'visitor_id', 'browser_name']).orderBy('id').execute();
    expect(await rows()).toEqual([
      { id: 'before', path: '/topics', visitor_id: 'v1', browser_name: 'Chrome' },
      { id: 'none', path: null, visitor_id: 'v1', browser_name: 'Chrome' },
    ]);

    await migrateTo('2026_11_21_0007_tracking');
    expect(await rows()).toEqual([
      { id: 'before', path: '/topics', visitor_id: 'v1', browser_name: 'Chrome' },
      { id: 'none', path: '', visitor_id: 'v1', browser_name: 'Chrome' },
    ]);
    await expect(handle.db.insertInto('page_views').values({ ...view, id: 'refused', path: null }).execute()).rejects.toThrow();
    await migrateTo(LATEST);
  });
});
