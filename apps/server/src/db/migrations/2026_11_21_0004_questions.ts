import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.references('question_categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('stem_html', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text')
    .addColumn('explanation_html', 'text')
    .addColumn('difficulty', 'text', (c) => c.notNull().defaultTo('medium'))
    .addColumn('marks', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('negative_marks', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('category_id', 'text', (c) => c.references('question_categories.id').onDelete('set null'))
    .addColumn('topic_id', 'text', (c) => c.references('topics.id').onDelete('set null'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_format', 'text')
    .addColumn('source_file', 'text')
    .addColumn('id_number', 'text')
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content_hash', 'text', (c) => c.notNull().unique())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_category_idx').on('questions').columns(['category_id', 'status']).execute();

  await db.schema
    .createTable('question_options')
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_html', 'text', (c) => c.notNull())
    .addColumn('fraction', 'double precision', (c) => c.notNull())
    .addColumn('feedback', 'text')
    .addColumn('feedback_html', 'text')
    .addPrimaryKeyConstraint('question_options_pk', ['question_id', 'position'])
    .execute();

  await db.schema
    .createTable('question_tags')
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_tags_pk', ['question_id', 'tag'])
    .execute();
  await db.schema.createIndex('question_tags_tag_idx').on('question_tags').columns(['tag', 'question_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('question_tags').execute();
  await db.schema.dropTable('question_options').execute();
  await db.schema.dropTable('questions').execute();
  await db.schema.dropTable('question_categories').execute();
}
