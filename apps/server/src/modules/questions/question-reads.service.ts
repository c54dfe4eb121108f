import type { AdminQuestion, QuestionLanguage } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import { normaliseCategoryPath } from './question-text.js';
import { parseTranslation } from './question-translation.js';
import { topicFilter, topicsOf } from './question-topics.js';
import {
  candidateQuestionRows,
  publishedCountRows,
  publishedQuestionIdRows,
  publishedQuestionRefs,
  questionLanguageRows,
  questionStatusRows,
  questionSummaryRows,
  type PublishedQuestionRef,
} from './question-reads.repo.js';
import { optionsFor } from './questions.repo.js';

/*
 * The bank as the modules that serve candidates read it: published questions drawn by filter and
 * counted, the statuses and languages a test's questions are checked by, their summaries, and the
 * candidate's view of a question. Editing the bank is questions.service.ts's.
 */

type Deps = { db: Db };

/**
 * Ids of the published questions matching a category path (sub-categories included), a topic slug and
 * a difficulty, readable in every one of `languages` when given (a test's), sorted.
 */
export async function publishedQuestionIds(
  deps: Deps,
  filter: { category?: string | undefined; topic?: string | undefined; difficulty?: AdminQuestion['difficulty'] | undefined; languages?: readonly QuestionLanguage[] | undefined },
): Promise<string[]> {
  const category = filter.category ? normaliseCategoryPath(filter.category) : '';
  const topic = await topicFilter(deps, filter.topic);
  if (!topic) return [];
  const ids = await publishedQuestionIdRows(deps.db, {
    ...(category ? { category } : {}),
    ...topic,
    ...(filter.difficulty ? { difficulty: filter.difficulty } : {}),
    ...(filter.languages ? { languages: filter.languages } : {}),
  });
  // Sorted here, by code point, so both dialects give the same order whatever their collation.
  return ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The status of each of these questions that exists; a missing id is absent from the map. */
export async function questionStatuses(deps: Deps, ids: string[]): Promise<Map<string, AdminQuestion['status']>> {
  return new Map((await questionStatusRows(deps.db, ids)).map((r) => [r.id, r.status]));
}

/** Of these questions, those not readable in one of `languages` (a test's): each with the languages it lacks. */
export async function questionsLackingLanguages(deps: Deps, ids: string[], languages: readonly QuestionLanguage[]): Promise<Map<string, QuestionLanguage[]>> {
  const lacking = new Map<string, QuestionLanguage[]>();
  for (const r of await questionLanguageRows(deps.db, ids)) {
    const missing = r.translated ? [] : languages.filter((l) => l !== r.language);
    if (missing.length > 0) lacking.set(r.id, missing);
  }
  return lacking;
}

export type CandidateQuestion = {
  id: string;
  type: AdminQuestion['type'];
  language: QuestionLanguage;
  stemHtml: string;
  optionsHtml: string[];
  /** The same in the question's other language, options in bank order. */
  translation: { language: QuestionLanguage; stemHtml: string; optionsHtml: string[] } | null;
};

/** Questions as a candidate sees them, options in bank order: type, stem and options in each language, no key and no explanation. */
export async function candidateQuestions(deps: Deps, ids: string[]): Promise<Map<string, CandidateQuestion>> {
  const [rows, options] = await Promise.all([candidateQuestionRows(deps.db, ids), optionsFor(deps.db, [...new Set(ids)])]);
  return new Map(
    rows.map((r) => {
      const t = parseTranslation(r.translation);
      const translation = t && { language: t.language, stemHtml: t.stemHtml, optionsHtml: t.options.map((o) => o.html) };
      return [r.id, { id: r.id, type: r.type, language: r.language, stemHtml: r.stem_html, optionsHtml: (options.get(r.id) ?? []).map((o) => o.text_html), translation }];
    }),
  );
}

type Difficulty = AdminQuestion['difficulty'];

/**
 * Published questions a candidate may be served, matching every filter given: a category path (its
 * sub-categories too), a learning topic's slug, difficulties, or a list of ids. Ids with difficulty.
 */
export async function publishedQuestionDifficulties(
  deps: { db: Db },
  filter: { category?: string; topic?: string; difficulties?: Difficulty[]; ids?: string[] },
): Promise<PublishedQuestionRef[]> {
  const category = filter.category ? normaliseCategoryPath(filter.category) : '';
  const topic = await topicFilter(deps, filter.topic);
  if (!topic) return [];
  return publishedQuestionRefs(deps.db, {
    ...(category ? { category } : {}),
    ...topic,
    ...(filter.difficulties ? { difficulties: filter.difficulties } : {}),
    ...(filter.ids ? { ids: filter.ids } : {}),
  });
}

export type QuestionSummary = { id: string; stemHtml: string; categoryPath: string | null; published: boolean };

/** The stem and category of each of these questions that exists, by id. */
export async function questionSummaries(deps: { db: Db }, ids: string[]): Promise<Map<string, QuestionSummary>> {
  const rows = ids.length === 0 ? [] : await questionSummaryRows(deps.db, ids);
  return new Map(rows.map((r) => [r.id, { id: r.id, stemHtml: r.stem_html, categoryPath: r.category_path, published: r.status === 'published' }]));
}

export type PublishedCounts = { categories: { path: string; count: number }[]; topics: { slug: string; title: string; count: number }[]; total: number };

/**
 * How many published questions there are by category (each parent counting its sub-categories) and by
 * published learning topic, in name order; questions in `except` are not counted.
 */
export async function publishedQuestionCounts(deps: { db: Db }, except: ReadonlySet<string> = new Set()): Promise<PublishedCounts> {
  const categories = new Map<string, number>();
  const topics = new Map<string, { slug: string; title: string; count: number }>();
  let total = 0;
  const rows = await publishedCountRows(deps.db, [...except]);
  const names = await topicsOf(deps, rows);
  for (const row of rows) {
    total += row.n;
    if (row.category_path) {
      const parts = row.category_path.split('/');
      for (let depth = 1; depth <= parts.length; depth += 1) {
        const path = parts.slice(0, depth).join('/');
        categories.set(path, (categories.get(path) ?? 0) + row.n);
      }
    }
    const name = row.topic_id ? names.get(row.topic_id) : undefined;
    if (name?.published) {
      const topic = topics.get(name.slug) ?? { slug: name.slug, title: name.title, count: 0 };
      topic.count += row.n;
      topics.set(name.slug, topic);
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  return {
    categories: [...categories].map(([path, count]) => ({ path, count })).sort((a, b) => byName(a.path, b.path)),
    topics: [...topics.values()].sort((a, b) => byName(a.title, b.title)),
    total,
  };
}
