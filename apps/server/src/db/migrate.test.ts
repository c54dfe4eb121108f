import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { migrateDownAll, migrateToLatest, migrations } from './migrate.js';

const ALL_TABLES = ['ad_stats', 'ad_targets', 'ads', 'app_counters', 'attempt_answers', 'attempt_questions', 'attempts', 'audit_events', 'blogs', 'bookmarks', 'contest_entries', 'contest_ratings', 'contests', 'geo_cache', 'login_attempts', 'media', 'notices', 'page_view_stats', 'page_views', 'password_resets', 'payment_events', 'payment_orders', 'question_categories', 'question_flags', 'question_imports', 'question_key_decisions', 'question_options', 'question_tags', 'question_versions', 'questions', 'review_cards', 'test_gateway_orders', 'test_gateway_payments', 'test_question_stats', 'test_section_questions', 'test_section_rules', 'test_sections', 'tests', 'topic_tags', 'topics', 'trusted_devices', 'users'];
let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

async function tableNames(): Promise<string[]> {
  const tables = await handle.db.introspection.getTables();
  return tables.map((t) => t.name).filter((n) => !n.startsWith('kysely_')).sort();
}

describe('migrations', () => {
  it('run down and up again on this dialect', async () => {
    expect(await tableNames()).toEqual(ALL_TABLES);
    const down = await migrateDownAll(handle.db);
    expect(down).toEqual(Object.keys(migrations).reverse());
    expect(await tableNames()).toEqual([]);
    const up = await migrateToLatest(handle.db);
    expect(up).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(handle.db)).toEqual([]);
    expect(await tableNames()).toEqual(ALL_TABLES);
  });

  it('enforce unique emails in the database itself', async () => {
    const row = { email: 'dup@example.com', password_hash: 'x', name: 'A', created_at: 1, updated_at: 1 };
    await handle.db.insertInto('users').values({ ...row, id: 'a' } as never).execute();
    await expect(handle.db.insertInto('users').values({ ...row, id: 'b' } as never).execute()).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`select count(*) as n from users where email = 'dup@example.com'`.execute(handle.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
