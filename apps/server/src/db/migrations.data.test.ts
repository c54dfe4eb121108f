import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db, migrateTo, latest } = migrationTestDb();


describe('migrations keep the rows already stored', () => {
  it('make the page-view path optional, and required again on the way down', async () => {
    await migrateTo('2026_11_21_0007_tracking');
    const view = { created_at: 1, day: '2026-11-01', referrer: 'Direct', visitor_id: 'v1', ip: '203.0.113.7', browser_name: 'Chrome' };
    await db().insertInto('page_views').values({ ...view, id: 'before', path: '/topics' }).execute();
    await expect(db().insertInto('page_views').values({ ...view, id: 'refused', path: null }).execute()).rejects.toThrow();

    await migrateTo(latest);
    await db().insertInto('page_views').values({ ...view, id: 'none', path: null }).execute();
    const rows = () => db().selectFrom('page_views').select(['id', 'path', 'visitor_id', 'browser_name']).orderBy('id').execute();
    expect(await rows()).toEqual([
      { id: 'before', path: '/topics', visitor_id: 'v1', browser_name: 'Chrome' },
      { id: 'none', path: null, visitor_id: 'v1', browser_name: 'Chrome' },
    ]);

    await migrateTo('2026_11_21_0007_tracking');
    expect(await rows()).toEqual([
      { id: 'before', path: '/topics', visitor_id: 'v1', browser_name: 'Chrome' },
      { id: 'none', path: '', visitor_id: 'v1', browser_name: 'Chrome' },
    ]);
    await expect(db().insertInto('page_views').values({ ...view, id: 'refused', path: null }).execute()).rejects.toThrow();
    await migrateTo(latest);
  });

  it('count an existing account as signed in when it was created, so its next sign-in is a return', async () => {
    await migrateTo('2026_11_23_0008_page_view_path_optional');
    const user = { email: 'old@example.com', password_hash: 'x', name: 'Old', role: 'candidate', preferred_language: 'en', created_at: 1_000, updated_at: 2_000 };
    await db().insertInto('users').values({ ...user, id: 'old' } as never).execute();

    await migrateTo(latest);
    const row = await db().selectFrom('users').select(['last_sign_in_at', 'previous_sign_in_at', 'updated_at']).where('id', '=', 'old').executeTakeFirstOrThrow();
    expect({ ...row, last_sign_in_at: Number(row.last_sign_in_at), updated_at: Number(row.updated_at) }).toEqual({ last_sign_in_at: 1_000, previous_sign_in_at: null, updated_at: 2_000 });

    await migrateTo('2026_11_23_0008_page_view_path_optional');
    expect(await db().selectFrom('users').select('name').where('id', '=', 'old').executeTakeFirst()).toEqual({ name: 'Old' });
    await migrateTo(latest);
  });
});
