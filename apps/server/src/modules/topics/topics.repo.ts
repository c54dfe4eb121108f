import type { Language } from '@abhyas/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/index.js';
import { setPublished, takenSlugs } from '../../db/publishing.repo.js';
import { overIds } from '../../db/in-batches.js';
import { containsTerm } from '../../db/search.js';
import { TOPIC_LIST_COLUMNS, type TopicListRow } from './topics.dto.js';
import type { TopicRow, TopicsTable } from './topics.table.js';

export type TopicQuery = {
  /** Lower-cased words; every one must appear in the title, summary or content. */
  terms: string[];
  category?: string;
  difficulty?: TopicRow['difficulty'];
  language?: Language;
  /** Lower-cased tags; a topic must carry every one. */
  tags: string[];
  offset: number;
  limit: number;
};

function filtered(db: Executor, q: TopicQuery) {
  let query = db.selectFrom('topics').where('status', '=', 'published');
  if (q.category) query = query.where((eb) => eb(eb.fn('lower', ['category']), '=', q.category!.toLowerCase()));
  if (q.difficulty) query = query.where('difficulty', '=', q.difficulty);
  if (q.language) query = query.where('language', '=', q.language);
  for (const tag of q.tags) {
    query = query.where('id', 'in', (eb) => eb.selectFrom('topic_tags').select('topic_id').where('tag', '=', tag));
  }
  for (const term of q.terms) query = query.where(containsTerm('search_text', term));
  return query;
}

/**
 * One page of published topics matching the filter, and how many match in all. The total comes
 * with the page through a window function, so the table is scanned once; only a page past the end,
 * which has no rows to carry it, needs a separate count.
 */
export async function filterTopics(db: Executor, q: TopicQuery): Promise<{ rows: TopicListRow[]; total: number }> {
  const page = await filtered(db, q)
    .select(TOPIC_LIST_COLUMNS)
    .select((eb) => eb.fn.countAll<number>().over().as('total_count'))
    .orderBy('category')
    .orderBy('sort_order')
    .orderBy('title')
    .orderBy('id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  if (page.length > 0) {
    return { rows: page.map(({ total_count: _total, ...row }) => row), total: Number(page[0]!.total_count) };
  }
  if (q.offset === 0) return { rows: [], total: 0 };
  const count = await filtered(db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows: [], total: Number(count.n) };
}

/** Every published topic, list columns only, in reading order; one language's, or every language's. */
export async function listPublishedTopics(db: Executor, language?: Language): Promise<TopicListRow[]> {
  let query = db.selectFrom('topics').select(TOPIC_LIST_COLUMNS).where('status', '=', 'published');
  if (language) query = query.where('language', '=', language);
  return query.orderBy('category').orderBy('sort_order').orderBy('title').execute();
}

export async function findPublishedTopicBySlug(db: Executor, slug: string): Promise<TopicRow | undefined> {
  return db.selectFrom('topics').selectAll().where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
}

export async function findTopicById(db: Executor, id: string): Promise<TopicRow | undefined> {
  return db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listAllTopics(db: Executor): Promise<TopicRow[]> {
  return db.selectFrom('topics').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
}

/** Inserts a topic; undefined when its slug is taken. */
export async function insertTopic(db: Executor, row: Insertable<TopicsTable>): Promise<TopicRow | undefined> {
  return db.insertInto('topics').values(row).onConflict((oc) => oc.column('slug').doNothing()).returningAll().executeTakeFirst();
}

export async function updateTopic(db: Executor, id: string, patch: Updateable<TopicsTable>): Promise<TopicRow | undefined> {
  return db.updateTable('topics').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Replaces a topic's tag rows, which the tag filter reads. */
export async function replaceTopicTags(db: Executor, topicId: string, tags: string[]): Promise<void> {
  await db.deleteFrom('topic_tags').where('topic_id', '=', topicId).execute();
  if (tags.length > 0) await db.insertInto('topic_tags').values(tags.map((tag) => ({ topic_id: topicId, tag }))).execute();
}

/** Which of the candidate slugs topics already use. */
export const takenTopicSlugs = (db: Executor, candidates: string[]) => takenSlugs(db, 'topics', candidates);

/** Publishes (keeping the first publication date) or unpublishes a topic; false when it does not exist. */
export const setTopicStatus = (db: Executor, id: string, published: boolean, now: number) => setPublished(db, 'topics', id, published, now);

export async function deleteTopicRow(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('topics').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findTopicIdBySlug(db: Executor, slug: string): Promise<string | undefined> {
  return (await db.selectFrom('topics').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

/** The slug, title and status of each of these topics that exists, whatever its status. */
export async function topicNameRows(db: Executor, ids: readonly string[]): Promise<Pick<TopicRow, 'id' | 'slug' | 'title' | 'status'>[]> {
  return overIds(ids, (slice) => db.selectFrom('topics').select(['id', 'slug', 'title', 'status']).where('id', 'in', slice!).execute());
}

export async function listPublishedTopicsForSitemap(db: Executor) {
  return db.selectFrom('topics').select(['slug', 'updated_at', 'language', 'translation_key']).where('status', '=', 'published').orderBy('updated_at', 'desc').execute();
}
