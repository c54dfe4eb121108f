import type { QuestionVersion, QuestionVersionChange, QuestionVersionSummary } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import { toIso } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { topicNames } from '../topics/topics.service.js';
import { decisionsInForce, type DecisionRow } from './key-decisions.repo.js';
import { parseTranslation, sameTranslation, toAdminTranslation } from './question-translation.js';
import {
  currentDeliveryRows,
  markVersionsUsed,
  parseVersionOptions,
  versionDeliveryRows,
  versionHistoryRows,
  versionPlaceRows,
  type DeliveryVersionRow,
  type VersionRef,
  type VersionRow,
} from './question-versions.repo.js';

/**
 * Question versions (docs/PRODUCT.md §8.10). A question's content as a candidate is shown and marked
 * by it (type, marking, stem, explanation, marks, options and key, its texts in both languages) is numbered: an attempt names the
 * version it was given and keeps it, whatever later edits say; new attempts, practice and draws take
 * the current one.
 */

export type { VersionRef };

/** A question as the attempt engine shows and marks it; options in bank order. */
export type DeliveryQuestion = {
  id: string;
  version: number;
  type: 'single' | 'multiple' | 'truefalse';
  marking: 'partial' | 'allOrNothing';
  /** The language of the texts below (stem, explanation, options); `translation` holds the other. */
  language: 'en' | 'hi';
  /** Markdown, for editors' reports; candidates get stemHtml. */
  stem: string;
  stemHtml: string;
  explanationHtml: string | null;
  shuffleOptions: boolean;
  categoryPath: string | null;
  topic: { slug: string; title: string } | null;
  /** In bank order, with the key in force: a decision's fractions replace the version's own. */
  options: { text: string; html: string; fraction: number }[];
  /**
   * The same texts in the question's other language, when the version has them: options in the same
   * (bank) order, so an option's key is the one in `options` at its place.
   */
  translation: DeliveryTranslation | null;
  /** The key decision in force in the scope asked for, when there is one. */
  decision: AppliedDecision | null;
  /** Full marks whatever the answer: to every candidate (a dropped question) or to those who answered it (a bonus). */
  credit: 'everyone' | 'answered' | null;
};

export type DeliveryTranslation = { language: 'en' | 'hi'; stem: string; stemHtml: string; explanationHtml: string | null; options: { text: string; html: string }[] };

function toDeliveryTranslation(json: string | null): DeliveryTranslation | null {
  const t = parseTranslation(json);
  return t && { language: t.language, stem: t.stem, stemHtml: t.stemHtml, explanationHtml: t.explanationHtml, options: t.options.map((o) => ({ text: o.text, html: o.html })) };
}

export type AppliedDecision = { id: string; testId: string | null; action: DecisionRow['action']; fractions: string | null; note: string; decidedAt: number };

async function toDelivery(deps: { db: Db }, rows: DeliveryVersionRow[], decisions: ReadonlyMap<string, DecisionRow> = new Map()): Promise<Map<string, DeliveryQuestion>> {
  const topics = await topicNames(deps, rows.flatMap((r) => (r.topic_id ? [r.topic_id] : [])));
  return new Map(
    rows.map((r) => {
      const topic = r.topic_id ? topics.get(r.topic_id) : undefined;
      const decision = decisions.get(r.question_id);
      const fractions = decision?.fractions ? (JSON.parse(decision.fractions) as number[]) : null;
      return [
        r.question_id,
        {
          id: r.question_id,
          version: r.version,
          type: r.type,
          marking: r.marking === 'all_or_nothing' ? 'allOrNothing' : 'partial',
          language: r.language,
          stem: r.stem,
          stemHtml: r.stem_html,
          explanationHtml: r.explanation_html,
          shuffleOptions: r.shuffle_options === 1,
          categoryPath: r.category_path,
          topic: topic ? { slug: topic.slug, title: topic.title } : null,
          options: parseVersionOptions(r.options).map((o, i) => ({ text: o.text, html: o.html, fraction: fractions?.[i] ?? o.fraction })),
          translation: toDeliveryTranslation(r.translation),
          decision: decision ? { id: decision.id, testId: decision.test_id, action: decision.action, fractions: decision.fractions, note: decision.note, decidedAt: Number(decision.decided_at) } : null,
          credit: decision?.action === 'drop' ? 'everyone' : decision?.action === 'bonus' ? 'answered' : null,
        },
      ];
    }),
  );
}

/**
 * The questions of an attempt as it was given them, by id: each at the version named (an archived
 * question too). A reference to no stored version is left out. With a scope (the attempt's test, or
 * null for practice), the key decisions in force there apply: what marking, the review and item
 * analysis use; without one, each version's own key (what the exam screen needs: no key at all).
 */
export async function questionsForDelivery(deps: { db: Db }, refs: readonly VersionRef[], scope?: { testId: string | null }): Promise<Map<string, DeliveryQuestion>> {
  if (refs.length === 0) return new Map();
  const [rows, decisions] = await Promise.all([versionDeliveryRows(deps.db, refs), scope ? decisionsInForce(deps.db, refs, scope.testId) : undefined]);
  return toDelivery(deps, rows, decisions);
}

/** Where a question belongs, as a result groups it: its category path and linked topic. */
export type QuestionPlace = Pick<DeliveryQuestion, 'categoryPath' | 'topic'>;

/**
 * The category and topic of the questions of an attempt as it was given them, by id: the same
 * questions questionsForDelivery finds, read without their texts, options or key.
 */
export async function questionPlaces(deps: { db: Db }, refs: readonly VersionRef[]): Promise<Map<string, QuestionPlace>> {
  if (refs.length === 0) return new Map();
  const rows = await versionPlaceRows(deps.db, refs);
  const topics = await topicNames(deps, rows.flatMap((r) => (r.topic_id ? [r.topic_id] : [])));
  return new Map(
    rows.map((r) => {
      const topic = r.topic_id ? topics.get(r.topic_id) : undefined;
      return [r.question_id, { categoryPath: r.category_path, topic: topic ? { slug: topic.slug, title: topic.title } : null }];
    }),
  );
}

/**
 * The current version of each of these questions, by id, for a new attempt or practice session;
 * archived questions, those of an import still being written and unknown ids are left out.
 */
export async function currentQuestionsForDelivery(deps: { db: Db }, ids: readonly string[]): Promise<Map<string, DeliveryQuestion>> {
  return toDelivery(deps, ids.length === 0 ? [] : await currentDeliveryRows(deps.db, ids));
}

/**
 * Records that an attempt took these versions, inside the transaction that writes the attempt; from
 * then on an edit of one writes the question's next version instead of changing it.
 */
export async function takeQuestionVersions(db: Executor, refs: readonly VersionRef[], at: number): Promise<void> {
  if (refs.length > 0) await markVersionsUsed(db, refs, at);
}

/** What a version changed from the one before it, in the terms an editor reads. */
function changesFrom(prev: VersionRow, next: VersionRow): QuestionVersionChange[] {
  const a = parseVersionOptions(prev.options);
  const b = parseVersionOptions(next.options);
  const changes: QuestionVersionChange[] = [];
  if (prev.type !== next.type) changes.push('type');
  if (prev.language !== next.language) changes.push('language');
  if (prev.stem !== next.stem) changes.push('stem');
  if ((prev.explanation ?? '') !== (next.explanation ?? '')) changes.push('explanation');
  if (a.length !== b.length || a.some((o, i) => o.text !== b[i]!.text || (o.feedback ?? '') !== (b[i]!.feedback ?? ''))) changes.push('options');
  if (a.length !== b.length || a.some((o, i) => o.fraction !== b[i]!.fraction)) changes.push('key');
  if (prev.marks !== next.marks || prev.negative_marks !== next.negative_marks) changes.push('marks');
  if (prev.marking !== next.marking) changes.push('marking');
  if (!sameTranslation(parseTranslation(prev.translation), parseTranslation(next.translation))) changes.push('translation');
  return changes;
}

function summaryOf(row: VersionRow & { author_name: string | null }, prev: VersionRow | undefined, current: number): QuestionVersionSummary {
  return {
    version: row.version,
    createdAt: toIso(row.created_at),
    author: row.created_by && row.author_name !== null ? { id: row.created_by, name: row.author_name } : null,
    changes: prev ? changesFrom(prev, row) : [],
    firstUsedAt: row.first_used_at === null ? null : toIso(row.first_used_at),
    current: row.version === current,
  };
}

const versionNotFound = () => notFound('Question version not found');

/** A question's versions, newest first, each with what it changed; 404 for an unknown question. */
export async function questionVersionHistory(deps: { db: Db }, questionId: string): Promise<QuestionVersionSummary[]> {
  const rows = await versionHistoryRows(deps.db, questionId);
  if (rows.length === 0) throw notFound('Question not found');
  const current = rows.at(-1)!.version;
  return rows.map((row, i) => summaryOf(row, rows[i - 1], current)).reverse();
}

/** One version in full, keys included, as its candidates were shown and marked by it. */
export async function questionVersion(deps: { db: Db }, questionId: string, version: number): Promise<QuestionVersion> {
  const rows = await versionHistoryRows(deps.db, questionId);
  const i = rows.findIndex((r) => r.version === version);
  if (i < 0) throw rows.length === 0 ? notFound('Question not found') : versionNotFound();
  const row = rows[i]!;
  return {
    ...summaryOf(row, rows[i - 1], rows.at(-1)!.version),
    type: row.type,
    marking: row.marking === 'all_or_nothing' ? 'allOrNothing' : 'partial',
    language: row.language,
    stem: row.stem,
    stemHtml: row.stem_html,
    explanation: row.explanation,
    explanationHtml: row.explanation_html,
    marks: row.marks,
    negativeMarks: row.negative_marks,
    options: parseVersionOptions(row.options).map((o) => ({ text: o.text, textHtml: o.html, correct: o.fraction > 0, fraction: o.fraction, feedback: o.feedback, feedbackHtml: o.feedbackHtml })),
    translation: toAdminTranslation(row.translation),
  };
}
