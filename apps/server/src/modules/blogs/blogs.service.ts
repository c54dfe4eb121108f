import type { AdminBlog, Blog, BlogListItem, blogInputSchema, blogPatchSchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { BlogsTable } from '../../db/schema.js';
import type { Updateable } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { toAdminBlog, toBlog, toBlogListItem } from '../content/content.dto.js';
import { contentChanged, deleteContent, setPublished } from '../content/content.repo.js';
import { insertWithSlug, nextSummary, updateWithSlug } from '../content/content.service.js';
import { plainExcerpt, readingMinutes, renderMarkdown } from '../content/markdown.js';
import { findBlogById, findPublishedBlogBySlug, insertBlog, listAllBlogs, listPublishedBlogs, updateBlog } from './blogs.repo.js';

export type ContentDeps = { db: Db; clock: Clock };
type BlogInput = z.output<typeof blogInputSchema>;
type BlogPatch = z.output<typeof blogPatchSchema>;

export const BLOG_LIST_MAX = 200;
const blogNotFound = () => notFound('Blog not found');

export async function publishedBlogs(deps: ContentDeps, limit = BLOG_LIST_MAX): Promise<BlogListItem[]> {
  return (await listPublishedBlogs(deps.db, limit)).map(toBlogListItem);
}

export async function publishedBlog(deps: ContentDeps, slug: string): Promise<Blog> {
  const row = await findPublishedBlogBySlug(deps.db, slug);
  if (!row) throw blogNotFound();
  return toBlog(row);
}

export async function allBlogs(deps: ContentDeps): Promise<AdminBlog[]> {
  return (await listAllBlogs(deps.db)).map(toAdminBlog);
}

export async function blogById(deps: ContentDeps, id: string): Promise<AdminBlog> {
  const row = await findBlogById(deps.db, id);
  if (!row) throw blogNotFound();
  return toAdminBlog(row);
}

/** Creates a draft; the HTML, the reading time and a missing excerpt are derived from the Markdown. */
export async function createBlog(deps: ContentDeps, author: { id: string | null; name: string }, input: BlogInput): Promise<AdminBlog> {
  const now = deps.clock.now();
  const row = await insertWithSlug(deps.db, 'blogs', input.slug, input.title, (slug) =>
    insertBlog(deps.db, {
      id: newId(),
      slug,
      title: input.title,
      excerpt: input.excerpt || plainExcerpt(input.content),
      content: input.content,
      content_html: renderMarkdown(input.content),
      cover_image_url: input.coverImageUrl ?? null,
      author_name: author.name,
      author_id: author.id,
      tags: JSON.stringify(input.tags ?? []),
      status: 'draft',
      published_at: null,
      reading_minutes: readingMinutes(input.content),
      created_at: now,
      updated_at: now,
    }),
  );
  await contentChanged(deps.db);
  return toAdminBlog(row);
}

export async function updateBlogById(deps: ContentDeps, id: string, patch: BlogPatch): Promise<AdminBlog> {
  const current = await findBlogById(deps.db, id);
  if (!current) throw blogNotFound();
  const set: Updateable<BlogsTable> = { updated_at: deps.clock.now() };
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.slug !== undefined) set.slug = patch.slug;
  if (patch.coverImageUrl !== undefined) set.cover_image_url = patch.coverImageUrl;
  if (patch.tags !== undefined) set.tags = JSON.stringify(patch.tags);
  if (patch.content !== undefined) {
    set.content = patch.content;
    set.content_html = renderMarkdown(patch.content);
    set.reading_minutes = readingMinutes(patch.content);
  }
  const excerpt = nextSummary(current.excerpt, current.content, patch.excerpt, patch.content);
  if (excerpt !== undefined) set.excerpt = excerpt;
  const row = await updateWithSlug('blogs', patch.slug, () => updateBlog(deps.db, id, set));
  if (!row) throw blogNotFound();
  await contentChanged(deps.db);
  return toAdminBlog(row);
}

export async function setBlogPublished(deps: ContentDeps, id: string, published: boolean): Promise<AdminBlog> {
  if (!(await setPublished(deps.db, 'blogs', id, published, deps.clock.now()))) throw blogNotFound();
  await contentChanged(deps.db);
  return blogById(deps, id);
}

export async function deleteBlog(deps: ContentDeps, id: string): Promise<void> {
  if (!(await deleteContent(deps.db, 'blogs', id))) throw blogNotFound();
  await contentChanged(deps.db);
}
