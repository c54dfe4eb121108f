import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('cover_image_url', 'text')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('published_at', 'bigint')
    .addColumn('reading_minutes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blogs_status_published_idx').on('blogs').columns(['status', 'published_at']).execute();

  await db.schema
    .createTable('topics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('difficulty', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('published_at', 'bigint')
    .addColumn('reading_minutes', 'integer', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topics_status_category_idx').on('topics').columns(['status', 'category', 'sort_order']).execute();

  await db.schema
    .createTable('topic_tags')
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_tags_pk', ['topic_id', 'tag'])
    .execute();
  await db.schema.createIndex('topic_tags_tag_idx').on('topic_tags').columns(['tag', 'topic_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topic_tags').execute();
  await db.schema.dropTable('topics').execute();
  await db.schema.dropTable('blogs').execute();
}
