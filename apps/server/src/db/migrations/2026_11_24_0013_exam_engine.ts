import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  // Mock tests as editors define them.
  await db.schema
    .createTable('tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instructions_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('exam', 'text')
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts_allowed', 'integer')
    .addColumn('marked_answered_counts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reveal_mode', 'text', (c) => c.notNull().defaultTo('submission'))
    .addColumn('reveal_at', 'bigint')
    .addColumn('grace_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await db.schema.createIndex('tests_status_idx').on('tests').columns(['status', 'published_at']).execute();

  await db.schema
    .createTable('test_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('test_id', 'text', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('marks', 'double precision', (c) => c.notNull())
    .addColumn('negative_marks', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('time_limit_minutes', 'integer')
    .execute();
  await db.schema.createIndex('test_sections_test_idx').on('test_sections').columns(['test_id', 'position']).unique().execute();

  // A section's fixed list of questions.
  await db.schema
    .createTable('test_section_questions')
    .addColumn('section_id', 'text', (c) => c.notNull().references('test_sections.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('test_section_questions_pk', ['section_id', 'position'])
    .execute();
  await db.schema.createIndex('test_section_questions_question_idx').on('test_section_questions').column('question_id').execute();

  // A section's blueprint: draws from the bank per candidate.
  await db.schema
    .createTable('test_section_rules')
    .addColumn('section_id', 'text', (c) => c.notNull().references('test_sections.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('category_path', 'text')
    .addColumn('topic_slug', 'text')
    .addColumn('difficulty', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_section_rules_pk', ['section_id', 'position'])
    .execute();

  // One candidate working through a fixed list of questions: a timed test or a practice session.
  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('test_id', 'text', (c) => c.references('tests.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attempt_number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ranked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    // The test's sections as they stood when the attempt began (JSON): later edits do not move a running attempt.
    .addColumn('sections', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('locked_sections', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marked_answered_counts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('grace_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('device_id', 'text')
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_at', 'bigint')
    .addColumn('submitted_by', 'text')
    .addColumn('score', 'double precision')
    .addColumn('max_score', 'double precision')
    .addColumn('correct', 'integer')
    .addColumn('wrong', 'integer')
    .addColumn('partial', 'integer')
    .addColumn('unattempted', 'integer')
    .addColumn('time_spent_ms', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempts_user_idx').on('attempts').columns(['user_id', 'behaviour', 'started_at']).execute();
  await db.schema.createIndex('attempts_user_test_idx').on('attempts').columns(['user_id', 'test_id', 'status']).execute();
  // The sweeper's look-up: open attempts by deadline.
  await db.schema.createIndex('attempts_open_idx').on('attempts').columns(['status', 'ends_at']).execute();
  // Rank and percentile: counts over an index range, never a scan of the test's attempts.
  await db.schema.createIndex('attempts_rank_idx').on('attempts').columns(['test_id', 'ranked', 'score']).execute();

  await db.schema
    .createTable('attempt_questions')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('section_index', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array: the bank positions of the options in the order this candidate sees them.
    .addColumn('option_order', 'text', (c) => c.notNull())
    .addColumn('marks', 'double precision', (c) => c.notNull())
    .addColumn('negative_marks', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('attempt_questions_pk', ['attempt_id', 'position'])
    .execute();
  await db.schema.createIndex('attempt_questions_question_idx').on('attempt_questions').columns(['attempt_id', 'question_id']).unique().execute();

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    // JSON array of the bank positions chosen.
    .addColumn('choice', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('marked_for_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confidence', 'text')
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addColumn('time_spent_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    // Written at submission (timed) or at the answer (practice).
    .addColumn('mark', 'double precision')
    .addColumn('outcome', 'text')
    .addPrimaryKeyConstraint('attempt_answers_pk', ['attempt_id', 'question_id'])
    .execute();
  await db.schema.createIndex('attempt_answers_question_idx').on('attempt_answers').columns(['question_id', 'outcome']).execute();

  // Per test and question, over ranked (first) attempts: how many answered it right. Written at submission.
  await db.schema
    .createTable('test_question_stats')
    .addColumn('test_id', 'text', (c) => c.notNull().references('tests.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('test_question_stats_pk', ['test_id', 'question_id'])
    .execute();

  // Spaced repetition of wrong answers (FSRS card state per candidate and question).
  await db.schema
    .createTable('review_cards')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('due', 'bigint', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('learning_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lapses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_cards_pk', ['user_id', 'question_id'])
    .execute();
  await db.schema.createIndex('review_cards_due_idx').on('review_cards').columns(['user_id', 'due']).execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'question_id'])
    .execute();
  await db.schema.createIndex('bookmarks_user_idx').on('bookmarks').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['bookmarks', 'review_cards', 'test_question_stats', 'attempt_answers', 'attempt_questions', 'attempts', 'test_section_rules', 'test_section_questions', 'test_sections', 'tests']) {
    await db.schema.dropTable(table).execute();
  }
}
