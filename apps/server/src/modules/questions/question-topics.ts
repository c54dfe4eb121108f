import type { Db } from '../../db/index.js';
import { topicIdBySlug, topicNames, type TopicName } from '../topics/topics.service.js';

/* A question's learning topic, as the topics service names it: the filter by slug and the linked topic shown. */

/**
 * A topic filter given by slug, as the id the questions carry: `{}` with no filter, null when no topic
 * has the slug (nothing matches then).
 */
export async function topicFilter(deps: { db: Db }, slug: string | undefined): Promise<{ topicId?: string } | null> {
  if (!slug) return {};
  const topicId = await topicIdBySlug(deps, slug);
  return topicId ? { topicId } : null;
}

/** The linked topics of these rows, by id, from the topics module. */
export const topicsOf = (deps: { db: Db }, rows: { topic_id: string | null }[]) => topicNames(deps, rows.flatMap((r) => (r.topic_id ? [r.topic_id] : [])));

export const linkedTopic = (topics: ReadonlyMap<string, TopicName>, topicId: string | null) => {
  const topic = topicId ? topics.get(topicId) : undefined;
  return topic ? { id: topicId!, slug: topic.slug, title: topic.title } : null;
};
