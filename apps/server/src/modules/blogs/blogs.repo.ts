import type { Language } from '@abhyas/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/index.js';
import { setPublished, takenSlugs } from '../../db/publishing.repo.js';
import { BLOG_LIST_COLUMNS, type BlogListRow } from './blogs.dto.js';
import type { BlogRow, BlogsTable } from './blogs.table.js';

/** Published blogs, newest first, list columns only; one language's, or every language's. */
export async function listPublishedBlogs(db: Executor, limit: number, language?: Language): Promise<BlogListRow[]> {
  let query = db.selectFrom('blogs').select(BLOG_LIST_COLUMNS).where('status', '=', 'published');
  if (language) query = query.where('language', '=', language);
  return query
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findPublishedBlogBySlug(db: Executor, slug: string): Promise<BlogRow | undefined> {
  return db.selectFrom('blogs').selectAll().where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
}

export async function findBlogById(db: Executor, id: string): Promise<BlogRow | undefined> {
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every blog whatever its status, most recently changed first, for editors. */
export async function listAllBlogs(db: Executor): Promise<BlogRow[]> {
  return db.selectFrom('blogs').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
}

/** Inserts a blog; undefined when its slug is taken (the unique constraint decides). */
export async function insertBlog(db: Executor, row: Insertable<BlogsTable>): Promise<BlogRow | undefined> {
  return db.insertInto('blogs').values(row).onConflict((oc) => oc.column('slug').doNothing()).returningAll().executeTakeFirst();
}

export async function updateBlog(db: Executor, id: string, patch: Updateable<BlogsTable>): Promise<BlogRow | undefined> {
  return db.updateTable('blogs').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Which of the candidate slugs blogs already use. */
export const takenBlogSlugs = (db: Executor, candidates: string[]) => takenSlugs(db, 'blogs', candidates);

/** Publishes (keeping the first publication date) or unpublishes a blog; false when it does not exist. */
export const setBlogStatus = (db: Executor, id: string, published: boolean, now: number) => setPublished(db, 'blogs', id, published, now);

export async function deleteBlogRow(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blogs').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Published blogs' slugs, dates and languages, for the sitemap and the feed; one language's, or every language's. */
export async function listPublishedBlogsForFeed(db: Executor, limit: number, language?: Language) {
  let query = db
    .selectFrom('blogs')
    .select(['slug', 'title', 'excerpt', 'author_name', 'published_at', 'updated_at', 'language', 'translation_key'])
    .where('status', '=', 'published');
  if (language) query = query.where('language', '=', language);
  return query
    .orderBy('published_at', 'desc')
    .limit(limit)
    .execute();
}
