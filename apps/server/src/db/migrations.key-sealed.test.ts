import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { migrations } from './migrate.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

async function migrateTo(name: string): Promise<void> {
  const result = await new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  if (result.error) throw result.error;
}

const BEFORE = '2026_11_24_0014_contests';
const LATEST = Object.keys(migrations).at(-1)!;

describe('sealing the keys of existing contest papers', () => {
  it('seals each paper until its contest ends, a cancelled contest until its cancellation, and leaves mock tests alone', async () => {
    await migrateTo(BEFORE);
    const test = (id: string, kind: string) => ({ id, slug: id, title: id, duration_minutes: 30, kind, created_at: 1, updated_at: 1 });
    await handle.db.insertInto('tests').values([test('running', 'contest'), test('cancelled', 'contest'), test('mock', 'mock')] as never).execute();
    const contest = (id: string, testId: string, extra: object) => ({
      id,
      slug: id,
      title: id,
      icon: 'code',
      level: 'Beginner',
      test_id: testId,
      starts_at: 1_000,
      ends_at: 5_000,
      duration_minutes: 30,
      total_seats: 10,
      status: 'published',
      created_at: 1,
      updated_at: 1,
      ...extra,
    });
    await handle.db
      .insertInto('contests')
      .values([contest('c1', 'running', { ends_at: 9_000_000 }), contest('c2', 'cancelled', { status: 'cancelled', cancelled_at: 3_000 })] as never)
      .execute();

    await migrateTo(LATEST);
    const rows = await handle.db.selectFrom('tests').select(['id', 'key_sealed_until']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.key_sealed_until === null ? null : Number(r.key_sealed_until)])).toEqual([
      ['cancelled', 3_000],
      ['mock', null],
      ['running', 9_000_000],
    ]);
  });
});
