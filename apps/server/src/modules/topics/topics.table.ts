import type { Language } from '@abhyas/contracts';
import type { Selectable } from 'kysely';

export interface TopicsTable {
  id: string;
  slug: string;
  title: string;
  summary: string;
  content: string;
  content_html: string;
  category: string;
  /** JSON array of lower-case tags; topic_tags holds the same tags for filtering. */
  tags: string;
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  sort_order: number;
  status: 'draft' | 'published';
  /** The language the article is written in; English unless the editor says otherwise. */
  language: Language;
  /** Shared with the same article in the other language (db/translations.repo.ts); null when it has none. */
  translation_key: string | null;
  published_at: number | null;
  reading_minutes: number;
  /** Lower-cased title, summary and content text, for case-insensitive search on both dialects. */
  search_text: string;
  created_at: number;
  updated_at: number;
}

export interface TopicTagsTable {
  topic_id: string;
  tag: string;
}

export type TopicRow = Selectable<TopicsTable>;
