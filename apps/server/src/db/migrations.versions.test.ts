import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db, migrateTo, latest } = migrationTestDb();

const BEFORE = '2026_11_26_0018_question_stats_correct_time';

describe('question versions for the questions and attempts already stored', () => {
  it('makes every question its version 1, marks those attempts took, and keeps every attempt when its test or question goes', async () => {
    await migrateTo(BEFORE);
    await db().insertInto('users').values({ id: 'u1', email: 'u1@example.com', password_hash: 'x', name: 'U', created_at: 1, updated_at: 1 } as never).execute();
    const question = (id: string, stem: string) => ({
      id, type: 'single', stem, stem_html: `<p>${stem}</p>`, explanation: null, explanation_html: null, difficulty: 'easy', marks: 2, negative_marks: 0.5,
      marking: 'partial', tags: '[]', language: 'en', source: 'manual', shuffle_options: 1, content_hash: id, search_text: stem, status: 'published', author_id: 'u1', created_at: 5, updated_at: 5,
    });
    await db().insertInto('questions').values([question('q1', 'Taken'), question('q2', 'Never taken')] as never).execute();
    const option = (questionId: string, position: number, fraction: number) => ({ question_id: questionId, position, text: `${questionId}-${position}`, text_html: `<p>${questionId}-${position}</p>`, fraction, feedback: null, feedback_html: null });
    await db().insertInto('question_options').values([option('q1', 1, 0), option('q1', 0, 1), option('q2', 0, 0), option('q2', 1, 1)] as never).execute();
    await db().insertInto('tests').values([{ id: 't1', slug: 't1', title: 't1', duration_minutes: 30, created_at: 1, updated_at: 1 }, { id: 't2', slug: 't2', title: 't2', duration_minutes: 30, created_at: 1, updated_at: 1 }] as never).execute();
    await db().insertInto('test_sections').values([{ id: 's1', test_id: 't1', position: 0, title: 'S', marks: 1 }, { id: 's2', test_id: 't2', position: 0, title: 'S', marks: 1 }] as never).execute();
    await db().insertInto('test_section_questions').values([{ section_id: 's1', position: 0, question_id: 'q1' }] as never).execute();
    await db().insertInto('attempts').values({ id: 'a1', user_id: 'u1', behaviour: 'timed', test_id: 't1', source: 'test', status: 'submitted', seed: 's', started_at: 1_000, created_at: 1_000 } as never).execute();
    await db().insertInto('attempt_questions').values({ attempt_id: 'a1', position: 0, question_id: 'q1', section_index: 0, option_order: '[0,1]', marks: 1, negative_marks: 0 } as never).execute();
    await db().insertInto('test_question_stats').values({ test_id: 't1', question_id: 'q1', attempts: 1, correct: 1 } as never).execute();

    await migrateTo(latest);
    const versions = await db().selectFrom('question_versions').selectAll().orderBy('question_id').execute();
    expect(versions.map((v) => [v.question_id, v.version, v.stem, v.marks, v.negative_marks, v.created_by, Number(v.created_at), v.first_used_at === null ? null : Number(v.first_used_at)])).toEqual([
      ['q1', 1, 'Taken', 2, 0.5, 'u1', 5, 1_000],
      ['q2', 1, 'Never taken', 2, 0.5, 'u1', 5, null],
    ]);
    expect(JSON.parse(versions[0]!.options)).toEqual([
      { text: 'q1-0', html: '<p>q1-0</p>', fraction: 1, feedback: null, feedbackHtml: null },
      { text: 'q1-1', html: '<p>q1-1</p>', fraction: 0, feedback: null, feedbackHtml: null },
    ]);
    expect(await db().selectFrom('questions').select(['id', 'version']).orderBy('id').execute()).toEqual([
      { id: 'q1', version: 1 },
      { id: 'q2', version: 1 },
    ]);
    expect(await db().selectFrom('attempt_questions').select(['question_id', 'question_version']).execute()).toEqual([{ question_id: 'q1', question_version: 1 }]);

    // No cascade from attempt data any more: the database refuses the deletes that would take attempts.
    await expect(db().deleteFrom('tests').where('id', '=', 't1').execute()).rejects.toThrow();
    await expect(db().deleteFrom('questions').where('id', '=', 'q1').execute()).rejects.toThrow();
    expect(await db().selectFrom('attempts').select('id').execute()).toEqual([{ id: 'a1' }]);
    expect(await db().selectFrom('test_question_stats').select('test_id').execute()).toEqual([{ test_id: 't1' }]);
    // A test nobody attempted still goes with its sections, and an unused question with its versions.
    await db().deleteFrom('tests').where('id', '=', 't2').execute();
    expect(await db().selectFrom('test_sections').select('id').execute()).toEqual([{ id: 's1' }]);
    await db().deleteFrom('questions').where('id', '=', 'q2').execute();
    expect(await db().selectFrom('question_versions').select('question_id').execute()).toEqual([{ question_id: 'q1' }]);
  });
});
