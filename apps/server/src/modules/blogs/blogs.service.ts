import {
  blogListResponseSchema,
  blogResponseSchema,
  type AdminBlog,
  type Blog,
  type BlogListItem,
  type Language,
  type blogInputSchema,
  type blogPatchSchema,
} from '@abhyas/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import { contentChanged, contentVersion } from '../../db/publishing.repo.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { plainExcerpt, readingMinutes, renderField } from '../../lib/markdown/markdown.js';
import { nextSummary } from '../../lib/markdown/summary.js';
import type { ResponseCache, VersionedAnswer } from '../../lib/response-cache.js';
import { insertWithSlug, updateWithSlug } from '../../lib/slugs.js';
import { linkedRows, placeTranslation, publishedTranslations, sitemapArticles, toAdminTranslation, versionsAmong, type SitemapArticle } from '../../lib/translations.js';
import { toAdminBlog, toBlog, toBlogListItem } from './blogs.dto.js';
import {
  deleteBlogRow,
  findBlogById,
  findPublishedBlogBySlug,
  insertBlog,
  listAllBlogs,
  listPublishedBlogs,
  listPublishedBlogsForFeed,
  setBlogStatus,
  takenBlogSlugs,
  updateBlog,
} from './blogs.repo.js';
import type { BlogRow, BlogsTable } from './blogs.table.js';

export type BlogsDeps = { db: Db; clock: Clock };
/** The public reads also keep their serialized answers, against the content version. */
export type PublicBlogsDeps = BlogsDeps & { answers: ResponseCache };
type BlogInput = z.output<typeof blogInputSchema>;
type BlogPatch = z.output<typeof blogPatchSchema>;

export const BLOG_LIST_MAX = 200;
const blogNotFound = () => notFound('Blog not found');

/** Published blogs, newest first: one language's, or every language's. */
export async function publishedBlogs(deps: BlogsDeps, limit = BLOG_LIST_MAX, language?: Language): Promise<BlogListItem[]> {
  return (await listPublishedBlogs(deps.db, limit, language)).map(toBlogListItem);
}

/** A published blog with its published versions in other languages, or undefined when no published blog has the slug. */
export async function findPublishedBlog(deps: BlogsDeps, slug: string): Promise<Blog | undefined> {
  const row = await findPublishedBlogBySlug(deps.db, slug);
  return row && toBlog(row, publishedTranslations(await linkedRows(deps.db, 'blogs', row)));
}

export async function publishedBlog(deps: BlogsDeps, slug: string): Promise<Blog> {
  const blog = await findPublishedBlog(deps, slug);
  if (!blog) throw blogNotFound();
  return blog;
}

/** GET /public/allblogs as cached JSON. */
export async function publishedBlogsAnswer(deps: PublicBlogsDeps, limit = BLOG_LIST_MAX, language?: Language): Promise<VersionedAnswer> {
  return deps.answers.answer(`blogs:${limit}:${language ?? 'all'}`, () => contentVersion(deps.db), async () =>
    blogListResponseSchema.parse({ data: await publishedBlogs(deps, limit, language) }),
  );
}

/** GET /api/blogs/:slug as cached JSON; a missing blog is not cached. */
export async function publishedBlogAnswer(deps: PublicBlogsDeps, slug: string): Promise<VersionedAnswer> {
  return deps.answers.answer(`blog:${slug}`, () => contentVersion(deps.db), async () => blogResponseSchema.parse({ data: await publishedBlog(deps, slug) }));
}

export type BlogFeedItem = { slug: string; title: string; excerpt: string; author: string; publishedAt: number | null; updatedAt: number; language: Language };

/** The newest published blogs for the RSS feed: one language's, or every language's. */
export async function blogFeed(deps: BlogsDeps, limit: number, language?: Language): Promise<BlogFeedItem[]> {
  return (await listPublishedBlogsForFeed(deps.db, limit, language)).map((b) => ({
    slug: b.slug,
    title: b.title,
    excerpt: b.excerpt,
    author: b.author_name,
    publishedAt: b.published_at,
    updatedAt: b.updated_at,
    language: b.language,
  }));
}

/** The newest published blogs for the sitemap, each with its published versions in other languages. */
export async function blogSitemap(deps: BlogsDeps, limit: number): Promise<SitemapArticle[]> {
  return sitemapArticles(await listPublishedBlogsForFeed(deps.db, limit));
}

/** Every blog whatever its status, with the versions in other languages it is linked to. */
export async function allBlogs(deps: BlogsDeps): Promise<AdminBlog[]> {
  const rows = await listAllBlogs(deps.db);
  const versionsOf = versionsAmong(rows);
  return rows.map((row) => toAdminBlog(row, versionsOf(row).map(toAdminTranslation)));
}

const adminBlog = async (deps: BlogsDeps, row: BlogRow) => toAdminBlog(row, (await linkedRows(deps.db, 'blogs', row)).map(toAdminTranslation));

export async function blogById(deps: BlogsDeps, id: string): Promise<AdminBlog> {
  const row = await findBlogById(deps.db, id);
  if (!row) throw blogNotFound();
  return adminBlog(deps, row);
}

/** Which of these slugs blogs already use. */
export async function existingBlogSlugs(deps: BlogsDeps, slugs: string[]): Promise<Set<string>> {
  return takenBlogSlugs(deps.db, slugs);
}

/**
 * Creates a draft; the HTML, the reading time and a missing excerpt are derived from the Markdown.
 * Linked to its version in the other language in the same transaction, when one is named.
 */
export async function createBlog(deps: BlogsDeps, author: { id: string | null; name: string }, input: BlogInput): Promise<AdminBlog> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertWithSlug('blog', input.slug, input.title, {
      taken: (candidates) => takenBlogSlugs(trx, candidates),
      insert: (slug) => insertBlog(trx, blogRow(input, author, slug, now)),
    });
    return { ...inserted, ...(await placeTranslation(trx, 'blogs', 'blog', inserted, undefined, input.translationOf)) };
  });
  await contentChanged(deps.db);
  return adminBlog(deps, row);
}

function blogRow(input: BlogInput, author: { id: string | null; name: string }, slug: string, now: number): Insertable<BlogsTable> {
  return {
    id: newId(),
    slug,
    title: input.title,
    language: input.language ?? 'en',
    translation_key: null,
    excerpt: input.excerpt || plainExcerpt(input.content),
    content: input.content,
    content_html: renderField('content', input.content),
    cover_image_url: input.coverImageUrl ?? null,
    author_name: author.name,
    author_id: author.id,
    tags: JSON.stringify(input.tags ?? []),
    status: 'draft',
    published_at: null,
    reading_minutes: readingMinutes(input.content),
    created_at: now,
    updated_at: now,
  };
}

export async function updateBlogById(deps: BlogsDeps, id: string, patch: BlogPatch): Promise<AdminBlog> {
  const current = await findBlogById(deps.db, id);
  if (!current) throw blogNotFound();
  const set: Updateable<BlogsTable> = { updated_at: deps.clock.now() };
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.slug !== undefined) set.slug = patch.slug;
  if (patch.coverImageUrl !== undefined) set.cover_image_url = patch.coverImageUrl;
  if (patch.tags !== undefined) set.tags = JSON.stringify(patch.tags);
  if (patch.content !== undefined) {
    set.content = patch.content;
    set.content_html = renderField('content', patch.content);
    set.reading_minutes = readingMinutes(patch.content);
  }
  const excerpt = nextSummary(current.excerpt, current.content, patch.excerpt, patch.content);
  if (excerpt !== undefined) set.excerpt = excerpt;
  const row = await updateWithSlug('blog', patch.slug, () =>
    deps.db.transaction().execute(async (trx): Promise<BlogRow | undefined> => {
      const updated = await updateBlog(trx, id, set);
      return updated && { ...updated, ...(await placeTranslation(trx, 'blogs', 'blog', updated, patch.language, patch.translationOf)) };
    }),
  );
  if (!row) throw blogNotFound();
  await contentChanged(deps.db);
  return adminBlog(deps, row);
}

export async function setBlogPublished(deps: BlogsDeps, id: string, published: boolean): Promise<AdminBlog> {
  if (!(await setBlogStatus(deps.db, id, published, deps.clock.now()))) throw blogNotFound();
  await contentChanged(deps.db);
  return blogById(deps, id);
}

export async function deleteBlog(deps: BlogsDeps, id: string): Promise<void> {
  if (!(await deleteBlogRow(deps.db, id))) throw blogNotFound();
  await contentChanged(deps.db);
}
