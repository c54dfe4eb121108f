import type { Language } from '@abhyas/contracts';
import type { Selectable } from 'kysely';

export interface BlogsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  content_html: string;
  cover_image_url: string | null;
  author_name: string;
  author_id: string | null;
  /** JSON array of lower-case tags. */
  tags: string;
  status: 'draft' | 'published';
  /** The language the article is written in; English unless the editor says otherwise. */
  language: Language;
  /** Shared with the same article in the other language (db/translations.repo.ts); null when it has none. */
  translation_key: string | null;
  published_at: number | null;
  reading_minutes: number;
  created_at: number;
  updated_at: number;
}

export type BlogRow = Selectable<BlogsTable>;
