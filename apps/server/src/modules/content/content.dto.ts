import type { AdminBlog, AdminTopic, Blog, BlogListItem, Topic, TopicListItem } from '@abhyas/contracts';
import type { BlogRow, TopicRow } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

/** Tags are stored as a JSON array; a damaged value reads as no tags rather than failing the page. */
export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export type BlogListRow = Pick<BlogRow, 'id' | 'slug' | 'title' | 'excerpt' | 'cover_image_url' | 'author_name' | 'tags' | 'published_at' | 'updated_at' | 'reading_minutes'>;
export type TopicListRow = Pick<TopicRow, 'id' | 'slug' | 'title' | 'summary' | 'category' | 'tags' | 'difficulty' | 'sort_order' | 'published_at' | 'reading_minutes'>;

export const BLOG_LIST_COLUMNS = ['id', 'slug', 'title', 'excerpt', 'cover_image_url', 'author_name', 'tags', 'published_at', 'updated_at', 'reading_minutes'] as const;
export const TOPIC_LIST_COLUMNS = ['id', 'slug', 'title', 'summary', 'category', 'tags', 'difficulty', 'sort_order', 'published_at', 'reading_minutes'] as const;

export function toBlogListItem(row: BlogListRow): BlogListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImageUrl: row.cover_image_url,
    author: row.author_name,
    tags: parseTags(row.tags),
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
    updatedAt: toIso(row.updated_at),
    readingTimeMinutes: row.reading_minutes,
  };
}

export const toBlog = (row: BlogRow): Blog => ({ ...toBlogListItem(row), contentHtml: row.content_html });

export const toAdminBlog = (row: BlogRow): AdminBlog => ({
  ...toBlogListItem(row),
  content: row.content,
  status: row.status,
  createdAt: toIso(row.created_at),
});

export function toTopicListItem(row: TopicListRow): TopicListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category,
    tags: parseTags(row.tags),
    difficulty: row.difficulty,
    order: row.sort_order,
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
    readingTimeMinutes: row.reading_minutes,
  };
}

export const toTopic = (row: TopicRow): Topic => ({ ...toTopicListItem(row), contentHtml: row.content_html, updatedAt: toIso(row.updated_at) });

export const toAdminTopic = (row: TopicRow): AdminTopic => ({
  ...toTopicListItem(row),
  content: row.content,
  status: row.status,
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
});
