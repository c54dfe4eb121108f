import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db, migrateTo, latest } = migrationTestDb();

const BEFORE = '2026_11_27_0022_attempt_questions_version_attempt';
// ज़ typed as one precomposed letter (U+095B), which NFC writes as ज + ़.
const PRECOMPOSED = 'ज़रूरी \u095Bरूर';

describe('languages for the blogs and topics already stored', () => {
  it('makes every existing article English without a translation, and brings search text to NFC', async () => {
    await migrateTo(BEFORE);
    await db()
      .insertInto('blogs')
      .values({ id: 'b1', slug: 'b1', title: 'Old blog', excerpt: '', content: 'x', content_html: '<p>x</p>', author_name: 'A', reading_minutes: 1, created_at: 1, updated_at: 1 } as never)
      .execute();
    const topic = (id: string, searchText: string) => ({
      id, slug: id, title: id, summary: '', content: 'x', content_html: '<p>x</p>', category: 'SSC', difficulty: 'Beginner', reading_minutes: 1, search_text: searchText, created_at: 1, updated_at: 1,
    });
    await db().insertInto('topics').values([topic('t1', `old ${PRECOMPOSED}`), topic('t2', 'plain english')] as never).execute();
    await db().insertInto('users').values({ id: 'u1', email: 'u1@example.com', password_hash: 'x', name: 'U', created_at: 1, updated_at: 1 } as never).execute();
    await db()
      .insertInto('questions')
      .values({
        id: 'q1', type: 'single', stem: PRECOMPOSED, stem_html: '<p></p>', explanation: null, explanation_html: null, difficulty: 'easy', marks: 1, negative_marks: 0,
        marking: 'partial', tags: '[]', language: 'hi', source: 'manual', shuffle_options: 1, content_hash: 'h1', search_text: PRECOMPOSED, status: 'published', author_id: 'u1', created_at: 1, updated_at: 1,
      } as never)
      .execute();

    await migrateTo(latest);
    expect(await db().selectFrom('blogs').select(['id', 'language', 'translation_key']).execute()).toEqual([{ id: 'b1', language: 'en', translation_key: null }]);
    const topics = await db().selectFrom('topics').select(['id', 'language', 'translation_key', 'search_text']).orderBy('id').execute();
    expect(topics).toEqual([
      { id: 't1', language: 'en', translation_key: null, search_text: `old ${PRECOMPOSED.normalize('NFC')}` },
      { id: 't2', language: 'en', translation_key: null, search_text: 'plain english' },
    ]);
    expect(topics[0]!.search_text).not.toBe(`old ${PRECOMPOSED}`);
    const question = await db().selectFrom('questions').select(['search_text', 'stem']).executeTakeFirstOrThrow();
    expect(question).toEqual({ search_text: PRECOMPOSED.normalize('NFC'), stem: PRECOMPOSED });

    // Two articles in one language under one key are refused by the database itself.
    await db().updateTable('topics').set({ language: 'hi' }).where('id', '=', 't1').execute();
    await db().updateTable('topics').set({ translation_key: 'k1' }).execute();
    await expect(db().updateTable('topics').set({ language: 'hi' }).where('id', '=', 't2').execute()).rejects.toThrow();
  });
});
