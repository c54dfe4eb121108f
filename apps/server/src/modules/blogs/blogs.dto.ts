import type { AdminBlog, AdminTranslation, Blog, BlogListItem, Translation } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { parseTags } from '../../lib/tags.js';
import type { BlogRow } from './blogs.table.js';

export type BlogListRow = Pick<BlogRow, 'id' | 'slug' | 'title' | 'language' | 'excerpt' | 'cover_image_url' | 'author_name' | 'tags' | 'published_at' | 'updated_at' | 'reading_minutes'>;
export const BLOG_LIST_COLUMNS = ['id', 'slug', 'title', 'language', 'excerpt', 'cover_image_url', 'author_name', 'tags', 'published_at', 'updated_at', 'reading_minutes'] as const;

export function toBlogListItem(row: BlogListRow): BlogListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    language: row.language,
    excerpt: row.excerpt,
    coverImageUrl: row.cover_image_url,
    author: row.author_name,
    tags: parseTags(row.tags),
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
    updatedAt: toIso(row.updated_at),
    readingTimeMinutes: row.reading_minutes,
  };
}

export const toBlog = (row: BlogRow, translations: Translation[]): Blog => ({ ...toBlogListItem(row), contentHtml: row.content_html, translations });

export const toAdminBlog = (row: BlogRow, translations: AdminTranslation[]): AdminBlog => ({
  ...toBlogListItem(row),
  content: row.content,
  status: row.status,
  createdAt: toIso(row.created_at),
  translations,
});
