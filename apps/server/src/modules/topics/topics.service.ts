import { CONTENT_LIMITS, type AdminTopic, type Topic, type TopicListItem, type TopicPage, type topicFilterSchema, type topicInputSchema, type topicPatchSchema } from '@abhyas/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { TopicRow, TopicsTable } from '../../db/schema.js';
import { searchTerms } from '../../db/search.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { ContentDeps } from '../blogs/blogs.service.js';
import { toAdminTopic, toTopic, toTopicListItem } from '../content/content.dto.js';
import { contentChanged, deleteContent, setPublished } from '../content/content.repo.js';
import { insertWithSlug, nextSummary, updateWithSlug } from '../content/content.service.js';
import { plainExcerpt, readingMinutes, renderMarkdown } from '../content/markdown.js';
import { filterTopics, findPublishedTopicBySlug, findTopicById, insertTopic, listAllTopics, listPublishedTopics, replaceTopicTags, updateTopic } from './topics.repo.js';

type TopicFilter = z.output<typeof topicFilterSchema>;
type TopicInput = z.output<typeof topicInputSchema>;
type TopicPatch = z.output<typeof topicPatchSchema>;

const topicNotFound = () => notFound('Topic not found');
const MAX_TERMS = 8;

/** What search matches against: title, summary and content, lower-cased once here so both dialects compare alike. */
const searchText = (title: string, summary: string, content: string) => `${title}\n${summary}\n${content}`.toLowerCase();

export async function publishedTopics(deps: ContentDeps): Promise<TopicListItem[]> {
  return (await listPublishedTopics(deps.db)).map(toTopicListItem);
}

/** One page of published topics for the filter of POST /topics/all. */
export async function findTopics(deps: ContentDeps, filter: TopicFilter): Promise<TopicPage> {
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? CONTENT_LIMITS.pageSizeDefault;
  const terms = searchTerms(filter.search, MAX_TERMS);
  const { rows, total } = await filterTopics(deps.db, {
    terms,
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.difficulty ? { difficulty: filter.difficulty } : {}),
    tags: [...new Set(filter.tags ?? [])].filter(Boolean),
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return { data: rows.map(toTopicListItem), total, page, pageSize };
}

export async function publishedTopic(deps: ContentDeps, slug: string): Promise<Topic> {
  const row = await findPublishedTopicBySlug(deps.db, slug);
  if (!row) throw topicNotFound();
  return toTopic(row);
}

export async function allTopics(deps: ContentDeps): Promise<AdminTopic[]> {
  return (await listAllTopics(deps.db)).map(toAdminTopic);
}

export async function topicById(deps: ContentDeps, id: string): Promise<AdminTopic> {
  const row = await findTopicById(deps.db, id);
  if (!row) throw topicNotFound();
  return toAdminTopic(row);
}

/** Creates a draft topic with its tag rows in one transaction. */
export async function createTopic(deps: ContentDeps, input: TopicInput): Promise<AdminTopic> {
  const now = deps.clock.now();
  const summary = input.summary || plainExcerpt(input.content);
  const tags = input.tags ?? [];
  const contentHtml = renderMarkdown(input.content);
  const row = await deps.db.transaction().execute((trx) =>
    insertWithSlug(trx, 'topics', input.slug, input.title, async (slug) => {
      const inserted = await insertTopic(trx, {
        id: newId(),
        slug,
        title: input.title,
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
      if (inserted) await replaceTopicTags(trx, inserted.id, tags);
      return inserted;
    }),
  );
  await contentChanged(deps.db);
  return toAdminTopic(row);
}

export async function updateTopicById(deps: ContentDeps, id: string, patch: TopicPatch): Promise<AdminTopic> {
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
    set.content_html = renderMarkdown(patch.content);
    set.reading_minutes = readingMinutes(patch.content);
  }
  const summary = nextSummary(current.summary, current.content, patch.summary, patch.content);
  if (summary !== undefined) set.summary = summary;
  set.search_text = searchText(set.title ?? current.title, set.summary ?? current.summary, set.content ?? current.content);

  const row = await updateWithSlug('topics', patch.slug, () =>
    deps.db.transaction().execute(async (trx): Promise<TopicRow | undefined> => {
      const updated = await updateTopic(trx, id, set);
      if (updated && patch.tags !== undefined) await replaceTopicTags(trx, id, patch.tags);
      return updated;
    }),
  );
  if (!row) throw topicNotFound();
  await contentChanged(deps.db);
  return toAdminTopic(row);
}

export async function setTopicPublished(deps: ContentDeps, id: string, published: boolean): Promise<AdminTopic> {
  if (!(await setPublished(deps.db, 'topics', id, published, deps.clock.now()))) throw topicNotFound();
  await contentChanged(deps.db);
  return topicById(deps, id);
}

export async function deleteTopic(deps: ContentDeps, id: string): Promise<void> {
  if (!(await deleteContent(deps.db, 'topics', id))) throw topicNotFound();
  await contentChanged(deps.db);
}
