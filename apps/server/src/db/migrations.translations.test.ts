import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db, migrateTo, latest } = migrationTestDb();

const BEFORE = '2026_11_27_0022_attempt_questions_version_attempt';

describe('questions in two languages for the questions already stored', () => {
  it('gives every question and version no translation, and composes search text as queries are', async () => {
    await migrateTo(BEFORE);
    // क़ stored as one character (U+0958), as a keyboard may have typed it before texts were composed.
    const precomposed = '\u0958ुतुब मीनार';
    const question = (id: string, searchText: string) => ({
      id, type: 'single', stem: id, stem_html: `<p>${id}</p>`, explanation: null, explanation_html: null, difficulty: 'easy', marks: 1, negative_marks: 0,
      marking: 'partial', tags: '[]', language: 'hi', source: 'manual', shuffle_options: 1, content_hash: id, search_text: searchText, status: 'published', created_at: 5, updated_at: 5,
    });
    await db().insertInto('questions').values([question('q1', precomposed), question('q2', 'plain english')] as never).execute();
    await db().insertInto('question_versions').values({ question_id: 'q1', version: 1, type: 'single', marking: 'partial', stem: 'q1', stem_html: '<p>q1</p>', marks: 1, negative_marks: 0, options: '[]', created_at: 5 } as never).execute();

    await migrateTo(latest);
    expect(await db().selectFrom('questions').select(['id', 'search_text', 'translation', 'multilang']).orderBy('id').execute()).toEqual([
      { id: 'q1', search_text: '\u0915\u093Cुतुब मीनार', translation: null, multilang: null },
      { id: 'q2', search_text: 'plain english', translation: null, multilang: null },
    ]);
    expect(await db().selectFrom('question_versions').select(['question_id', 'translation']).execute()).toEqual([{ question_id: 'q1', translation: null }]);

    await migrateTo(BEFORE);
    await migrateTo(latest);
  });
});
