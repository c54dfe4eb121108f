import {
  CONTENT_LIMITS,
  topicListResponseSchema,
  topicPageSchema,
  topicResponseSchema,
  type AdminTopic,
  type Language,
  type Topic,
  type TopicListItem,
  type TopicPage,
  type topicFilterSchema,
  type topicInputSchema,
  type topicPatchSchema,
} from '@abhyas/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import { contentChanged, contentVersion } from '../../db/publishing.repo.js';
import { searchableText, searchTerms } from '../../db/search.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { plainExcerpt, readingMinutes, renderField } from '../../lib/markdown/markdown.js';
import { nextSummary } from '../../lib/markdown/summary.js';
import type { ResponseCache, VersionedAnswer } from '../../lib/response-cache.js';
import { insertWithSlug, updateWithSlug } from '../../lib/slugs.js';
import { linkedRows, placeTranslation, publishedTranslations, sitemapArticles, toAdminTranslation, versionsAmong, type SitemapArticle } from '../../lib/translations.js';
import { toAdminTopic, toTopic, toTopicListItem } from './topics.dto.js';
import {
  deleteTopicRow,
  filterTopics,
  findPublishedTopicBySlug,
  findTopicById,
  findTopicIdBySlug,
  insertTopic,
  listAllTopics,
  listPublishedTopics,
  listPublishedTopicsForSitemap,
  replaceTopicTags,
  setTopicStatus,
  takenTopicSlugs,
  topicNameRows,
  updateTopic,
} from './topics.repo.js';
import type { TopicRow, TopicsTable } from './topics.table.js';

export type TopicsDeps = { db: Db; clock: Clock };
/** The public reads also keep their serialized answers, against the content version. */
export type PublicTopicsDeps = TopicsDeps & { answers: ResponseCache };

type TopicFilter = z.output<typeof topicFilterSchema>;
type TopicInput = z.output<typeof topicInputSchema>;
type TopicPatch = z.output<typeof topicPatchSchema>;

const topicNotFound = () => notFound('Topic not found');
const MAX_TERMS = 8;

/** What search matches against: title, summary and content, in the form search compares (db/search.ts). */
const searchText = (title: string, summary: string, content: string) => searchableText(title, summary, content);

/** Every published topic in reading order: one language's, or every language's. */
export async function publishedTopics(deps: TopicsDeps, language?: Language): Promise<TopicListItem[]> {
  return (await listPublishedTopics(deps.db, language)).map(toTopicListItem);
}

/** One page of published topics for the filter of POST /topics/all. */
export async function findTopics(deps: TopicsDeps, filter: TopicFilter): Promise<TopicPage> {
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? CONTENT_LIMITS.pageSizeDefault;
  const terms = searchTerms(filter.search, MAX_TERMS);
  const { rows, total } = await filterTopics(deps.db, {
    terms,
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.difficulty ? { difficulty: filter.difficulty } : {}),
    ...(filter.language ? { language: filter.language } : {}),
    tags: [...new Set(filter.tags ?? [])].filter(Boolean),
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return { data: rows.map(toTopicListItem), total, page, pageSize };
}

/** A published topic with its published versions in other languages, or undefined when no published topic has the slug. */
export async function findPublishedTopic(deps: TopicsDeps, slug: string): Promise<Topic | undefined> {
  const row = await findPublishedTopicBySlug(deps.db, slug);
  return row && toTopic(row, publishedTranslations(await linkedRows(deps.db, 'topics', row)));
}

export async function publishedTopic(deps: TopicsDeps, slug: string): Promise<Topic> {
  const topic = await findPublishedTopic(deps, slug);
  if (!topic) throw topicNotFound();
  return topic;
}

/** GET /api/topics/all as cached JSON. */
export async function publishedTopicsAnswer(deps: PublicTopicsDeps, language?: Language): Promise<VersionedAnswer> {
  return deps.answers.answer(`topics:all:${language ?? 'all'}`, () => contentVersion(deps.db), async () =>
    topicListResponseSchema.parse({ data: await publishedTopics(deps, language) }),
  );
}

/** POST /topics/all as cached JSON, one entry per filter. */
export async function findTopicsAnswer(deps: PublicTopicsDeps, filter: TopicFilter): Promise<VersionedAnswer> {
  const key = `topics:${JSON.stringify(filter, Object.keys(filter).sort())}`;
  return deps.answers.answer(key, () => contentVersion(deps.db), async () => topicPageSchema.parse(await findTopics(deps, filter)));
}

/** GET /api/topics/:slug as cached JSON; a missing topic is not cached. */
export async function publishedTopicAnswer(deps: PublicTopicsDeps, slug: string): Promise<VersionedAnswer> {
  return deps.answers.answer(`topic:${slug}`, () => contentVersion(deps.db), async () => topicResponseSchema.parse({ data: await publishedTopic(deps, slug) }));
}

/** Published topics' slugs, last changes and languages, each with its published versions in other languages, for the sitemap. */
export async function topicSitemap(deps: TopicsDeps): Promise<SitemapArticle[]> {
  return sitemapArticles(await listPublishedTopicsForSitemap(deps.db));
}

/** Which of these slugs topics already use. */
export async function existingTopicSlugs(deps: TopicsDeps, slugs: string[]): Promise<Set<string>> {
  return takenTopicSlugs(deps.db, slugs);
}

/** The id of the topic with this slug, whatever its status. */
export async function topicIdBySlug(deps: Pick<TopicsDeps, 'db'>, slug: string): Promise<string | undefined> {
  return findTopicIdBySlug(deps.db, slug);
}

export type TopicName = { slug: string; title: string; published: boolean };

/** Each of these topics that exists, whatever its status, by id: what names it beside a question. */
export async function topicNames(deps: Pick<TopicsDeps, 'db'>, ids: readonly string[]): Promise<Map<string, TopicName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await topicNameRows(deps.db, unique)).map((r) => [r.id, { slug: r.slug, title: r.title, published: r.status === 'published' }]));
}

/** Every topic whatever its status, with the versions in other languages it is linked to. */
export async function allTopics(deps: TopicsDeps): Promise<AdminTopic[]> {
  const rows = await listAllTopics(deps.db);
  const versionsOf = versionsAmong(rows);
  return rows.map((row) => toAdminTopic(row, versionsOf(row).map(toAdminTranslation)));
}

const adminTopic = async (deps: TopicsDeps, row: TopicRow) => toAdminTopic(row, (await linkedRows(deps.db, 'topics', row)).map(toAdminTranslation));

export async function topicById(deps: TopicsDeps, id: string): Promise<AdminTopic> {
  const row = await findTopicById(deps.db, id);
  if (!row) throw topicNotFound();
  return adminTopic(deps, row);
}

/** Creates a draft topic with its tag rows and its link to the other language's version in one transaction. */
export async function createTopic(deps: TopicsDeps, input: TopicInput): Promise<AdminTopic> {
  const now = deps.clock.now();
  const summary = input.summary || plainExcerpt(input.content);
  const tags = input.tags ?? [];
  const contentHtml = renderField('content', input.content);
  const row = await deps.db.transaction().execute((trx) =>
    insertWithSlug('topic', input.slug, input.title, {
      taken: (candidates) => takenTopicSlugs(trx, candidates),
      insert: async (slug) => {
        const inserted = await insertTopic(trx, {
          id: newId(),
          slug,
          title: input.title,
          language: input.language ?? 'en',
          translation_key: null,
          summary,
          content: input.content,
          content_html: contentHtml,
          category: input.category,
          tags: JSON.stringify(tags),
          difficulty: input.difficulty,
          sort_order: input.order ?? 0,
          status: 'draft',
          published_at: null,
          reading_minutes: readingMinutes(input.content),
          search_text: searchText(input.title, summary, input.content),
          created_at: now,
          updated_at: now,
        });
        if (!inserted) return undefined;
        await replaceTopicTags(trx, inserted.id, tags);
        return { ...inserted, ...(await placeTranslation(trx, 'topics', 'topic', inserted, undefined, input.translationOf)) };
      },
    }),
  );
  await contentChanged(deps.db);
  return adminTopic(deps, row);
}

export async function updateTopicById(deps: TopicsDeps, id: string, patch: TopicPatch): Promise<AdminTopic> {
  const current = await findTopicById(deps.db, id);
  if (!current) throw topicNotFound();
  const set: Updateable<TopicsTable> = { updated_at: deps.clock.now() };
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.slug !== undefined) set.slug = patch.slug;
  if (patch.category !== undefined) set.category = patch.category;
  if (patch.difficulty !== undefined) set.difficulty = patch.difficulty;
  if (patch.order !== undefined) set.sort_order = patch.order;
  if (patch.tags !== undefined) set.tags = JSON.stringify(patch.tags);
  if (patch.content !== undefined) {
    set.content = patch.content;
    set.content_html = renderField('content', patch.content);
    set.reading_minutes = readingMinutes(patch.content);
  }
  const summary = nextSummary(current.summary, current.content, patch.summary, patch.content);
  if (summary !== undefined) set.summary = summary;
  set.search_text = searchText(set.title ?? current.title, set.summary ?? current.summary, set.content ?? current.content);

  const row = await updateWithSlug('topic', patch.slug, () =>
    deps.db.transaction().execute(async (trx): Promise<TopicRow | undefined> => {
      const updated = await updateTopic(trx, id, set);
      if (!updated) return undefined;
      if (patch.tags !== undefined) await replaceTopicTags(trx, id, patch.tags);
      return { ...updated, ...(await placeTranslation(trx, 'topics', 'topic', updated, patch.language, patch.translationOf)) };
    }),
  );
  if (!row) throw topicNotFound();
  await contentChanged(deps.db);
  return adminTopic(deps, row);
}

export async function setTopicPublished(deps: TopicsDeps, id: string, published: boolean): Promise<AdminTopic> {
  if (!(await setTopicStatus(deps.db, id, published, deps.clock.now()))) throw topicNotFound();
  await contentChanged(deps.db);
  return topicById(deps, id);
}

export async function deleteTopic(deps: TopicsDeps, id: string): Promise<void> {
  if (!(await deleteTopicRow(deps.db, id))) throw topicNotFound();
  await contentChanged(deps.db);
}
