import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db, migrateTo, latest } = migrationTestDb();

const BEFORE = '2026_11_24_0014_contests';

describe('sealing the keys of existing contest papers', () => {
  it('seals each paper until its contest ends, a cancelled contest until its cancellation, and leaves mock tests alone', async () => {
    await migrateTo(BEFORE);
    const test = (id: string, kind: string) => ({ id, slug: id, title: id, duration_minutes: 30, kind, created_at: 1, updated_at: 1 });
    await db().insertInto('tests').values([test('running', 'contest'), test('cancelled', 'contest'), test('mock', 'mock')] as never).execute();
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
    await db()
      .insertInto('contests')
      .values([contest('c1', 'running', { ends_at: 9_000_000 }), contest('c2', 'cancelled', { status: 'cancelled', cancelled_at: 3_000 })] as never)
      .execute();

    await migrateTo(latest);
    const rows = await db().selectFrom('tests').select(['id', 'key_sealed_until']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.key_sealed_until === null ? null : Number(r.key_sealed_until)])).toEqual([
      ['cancelled', 3_000],
      ['mock', null],
      ['running', 9_000_000],
    ]);
  });
});
