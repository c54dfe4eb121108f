import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db, migrateTo } = migrationTestDb();

const BEFORE = '2026_11_28_0023_question_translations';
const AFTER = '2026_11_28_0026_exam_languages';

describe('exam languages for the questions, tests and attempts already stored', () => {
  it('gives each version its question’s language, each test English, and each attempt no view', async () => {
    await migrateTo(BEFORE);
    const question = (id: string, language: string) => ({
      id, type: 'single', stem: id, stem_html: `<p>${id}</p>`, explanation: null, explanation_html: null, difficulty: 'easy', marks: 1, negative_marks: 0,
      marking: 'partial', tags: '[]', language, source: 'manual', shuffle_options: 1, content_hash: id, search_text: id, status: 'published', created_at: 5, updated_at: 5,
    });
    const version = (questionId: string, v: number) => ({ question_id: questionId, version: v, type: 'single', marking: 'partial', stem: questionId, stem_html: '<p>q</p>', marks: 1, negative_marks: 0, options: '[]', created_at: 5 });
    await db().insertInto('questions').values([question('q-en', 'en'), question('q-hi', 'hi')] as never).execute();
    await db().insertInto('question_versions').values([version('q-en', 1), version('q-hi', 1), version('q-hi', 2)] as never).execute();
    await db()
      .insertInto('tests')
      .values({ id: 't1', slug: 't1', title: 'T', description: '', instructions: '', instructions_html: '', duration_minutes: 10, shuffle_questions: 0, shuffle_options: 0, marked_answered_counts: 1, reveal_mode: 'submission', grace_seconds: 60, status: 'draft', created_at: 5, updated_at: 5 } as never)
      .execute();

    await migrateTo(AFTER);
    expect(await db().selectFrom('question_versions').select(['question_id', 'version', 'language']).orderBy('question_id').orderBy('version').execute()).toEqual([
      { question_id: 'q-en', version: 1, language: 'en' },
      { question_id: 'q-hi', version: 1, language: 'hi' },
      { question_id: 'q-hi', version: 2, language: 'hi' },
    ]);
    expect(await db().selectFrom('tests').select(['id', 'languages']).execute()).toEqual([{ id: 't1', languages: '["en"]' }]);

    await migrateTo(BEFORE);
    await migrateTo(AFTER);
  });
});
