import type { AdminTopic, AdminTranslation, Topic, TopicListItem, Translation } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { parseTags } from '../../lib/tags.js';
import type { TopicRow } from './topics.table.js';

export type TopicListRow = Pick<TopicRow, 'id' | 'slug' | 'title' | 'language' | 'summary' | 'category' | 'tags' | 'difficulty' | 'sort_order' | 'published_at' | 'reading_minutes'>;

export const TOPIC_LIST_COLUMNS = ['id', 'slug', 'title', 'language', 'summary', 'category', 'tags', 'difficulty', 'sort_order', 'published_at', 'reading_minutes'] as const;

export function toTopicListItem(row: TopicListRow): TopicListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    language: row.language,
    summary: row.summary,
    category: row.category,
    tags: parseTags(row.tags),
    difficulty: row.difficulty,
    order: row.sort_order,
    publishedAt: row.published_at === null ? null : toIso(row.published_at),
    readingTimeMinutes: row.reading_minutes,
  };
}

export const toTopic = (row: TopicRow, translations: Translation[]): Topic => ({ ...toTopicListItem(row), contentHtml: row.content_html, updatedAt: toIso(row.updated_at), translations });

export const toAdminTopic = (row: TopicRow, translations: AdminTranslation[]): AdminTopic => ({
  ...toTopicListItem(row),
  content: row.content,
  status: row.status,
  createdAt: toIso(row.created_at),
  updatedAt: toIso(row.updated_at),
  translations,
});
