import type { z } from 'zod';
import type { bookmarkListResponseSchema, mistakesSchema, PracticeChoices, PracticeFeedback, PracticeSession, practiceSessionListResponseSchema, practiceStartSchema } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { toIso } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { answerPractice, listPracticeAttempts, practiceView, startPracticeAttempt, withheldQuestions, type Learning, type PaperDeps } from '../attempts/attempts.service.js';
import { publishedQuestionCounts, publishedQuestionDifficulties, questionSummaries } from '../questions/question-reads.service.js';
import { findPublishedTopic } from '../topics/topics.service.js';
import { answeredSince, bookmarkedAmong, bookmarkRows, cardsFor, deleteBookmark, deleteCards, insertBookmark, saveCards, shelfCards } from './practice.repo.js';
import { withoutContestOnly, withoutContestOnlyChoices } from './contest-only.js';
export { CONTEST_ONLY_CATEGORY } from './contest-only.js';
import { drawFromBank, SEEN_WINDOW_DAYS, unseenFirst, type Difficulty } from './session-draw.js';
import { DAY_MS, scheduleAnswer, shelfPlace, type Outcome, type StoredCard } from './review-schedule.js';
import type { CardsOf, ReviewCardRow } from './practice.repo.js';
import type { ReviewCardsTable } from './practice.table.js';

type Deps = { db: Db; clock: Clock };
/** With the attempt engine's paper port, for what asks the key rule (it reads which papers are sealed). */
export type PracticeDeps = PaperDeps;

/** Bookmarks listed at most: far more than a candidate keeps. */
export const BOOKMARKS_LIST_MAX = 500;

/**
 * What there is to practise: published questions by category and by learning topic, without those
 * whose key a contest or test still withholds (docs/decisions/018) and without the contest papers' own category.
 */
export async function practiceChoices(deps: PracticeDeps): Promise<PracticeChoices> {
  const sealed = await withheldQuestions(deps, { userId: null, now: deps.clock.now() });
  return withoutContestOnlyChoices(await publishedQuestionCounts(deps, new Set(sealed.keys())));
}

/**
 * Whether practice offers this question to this candidate now, by the rule a bank session draws by:
 * published, outside the contest papers' own category, and its key withheld from them by nothing
 * (docs/decisions/018).
 */
export async function offeredInPractice(deps: PracticeDeps, userId: string, questionId: string): Promise<boolean> {
  const published = await withoutContestOnly(deps, await publishedQuestionDifficulties(deps, { ids: [questionId] }));
  if (published.length === 0) return false;
  const withheld = await withheldQuestions(deps, { userId, questionIds: [questionId], now: deps.clock.now() });
  return !withheld.has(questionId);
}

// ---------------------------------------------------------------------------------------------
// Mistakes shelf (FSRS over review_cards; the rules are in review-schedule.ts)

const fromRow = (r: ReviewCardRow): StoredCard => ({
  due: r.due,
  stability: r.stability,
  difficulty: r.difficulty,
  elapsedDays: r.elapsed_days,
  scheduledDays: r.scheduled_days,
  learningSteps: r.learning_steps,
  reps: r.reps,
  lapses: r.lapses,
  state: r.state,
  lastReview: r.last_review,
});

export type AnswerOutcome = { questionId: string; outcome: Outcome };

/** A card's row after an answer: its schedule from `next`, its creation kept. */
const cardRow = (userId: string, questionId: string, row: ReviewCardRow | undefined, next: StoredCard, at: number): ReviewCardsTable => ({
  user_id: userId,
  question_id: questionId,
  due: next.due,
  stability: next.stability,
  difficulty: next.difficulty,
  elapsed_days: next.elapsedDays,
  scheduled_days: next.scheduledDays,
  learning_steps: next.learningSteps,
  reps: next.reps,
  lapses: next.lapses,
  state: next.state,
  last_review: next.lastReview,
  created_at: row?.created_at ?? at,
});

/**
 * Moves each card on by one answer, inside the caller's transaction: the cards read (locked on
 * PostgreSQL), scheduled and written back together. `by` names the cards the answers are for.
 */
async function scheduleCards(trx: Executor, by: CardsOf, answers: { userId: string; questionId: string; outcome: Outcome }[], at: number): Promise<void> {
  const cards = await cardsFor(trx, by);
  await saveCards(
    trx,
    answers.flatMap((a) => {
      const row = cards.get('userId' in by ? a.questionId : a.userId);
      const next = scheduleAnswer(row ? fromRow(row) : null, a.outcome, at);
      return next ? [cardRow(a.userId, a.questionId, row, next, at)] : [];
    }),
  );
}

/**
 * Schedules the answers a candidate gave at `at`: a wrong answer puts the question on the mistakes
 * shelf (or back to the start of its review), a right answer to a question on the shelf moves its
 * next review further away. A question answered twice in one call counts once, by its last answer.
 */
export async function recordOutcomes(deps: { db: Db }, userId: string, outcomes: AnswerOutcome[], at: number): Promise<void> {
  const last = new Map<string, Outcome>();
  for (const o of outcomes) if (o.outcome !== 'unattempted') last.set(o.questionId, o.outcome);
  if (last.size === 0) return;
  // A question deleted since it was answered has nothing left to review.
  const existing = await questionSummaries(deps, [...last.keys()]);
  const ids = [...last.keys()].filter((id) => existing.has(id)).sort();
  if (ids.length === 0) return;
  await deps.db.transaction().execute((trx) =>
    scheduleCards(
      trx,
      { userId, questionIds: ids },
      ids.map((questionId) => ({ userId, questionId, outcome: last.get(questionId)! })),
      at,
    ),
  );
}

/** A candidate's cards whose questions can still be served (published), earliest due first. */
async function servableCards(deps: { db: Db }, userId: string) {
  const cards = await shelfCards(deps.db, userId);
  const questions = await questionSummaries(deps, cards.map((c) => c.question_id));
  return cards.filter((c) => questions.get(c.question_id)?.published);
}

/** The mistakes shelf: how many are due today, due later, mastered. */
export async function mistakesShelf(deps: Deps, userId: string): Promise<z.infer<typeof mistakesSchema>> {
  const now = deps.clock.now();
  const counts = { due: 0, later: 0, mastered: 0 };
  let nextDue: number | null = null;
  for (const card of await servableCards(deps, userId)) {
    const place = shelfPlace({ due: card.due, scheduledDays: card.scheduled_days, state: card.state }, now);
    counts[place] += 1;
    if (place !== 'due' && (nextDue === null || card.due < nextDue)) nextDue = card.due;
  }
  return { ...counts, total: counts.due + counts.later + counts.mastered, nextDueAt: nextDue === null ? null : toIso(nextDue) };
}

/**
 * The questions "practise my mistakes" serves, at most `limit`: those due today first (the longest
 * overdue first), then the rest by how soon they fall due; `among` narrows to some questions.
 */
export async function mistakeQuestionIds(deps: { db: Db }, userId: string, limit: number, among?: Set<string>, except: ReadonlyMap<string, unknown> = new Map()): Promise<string[]> {
  const cards = await servableCards(deps, userId);
  return cards.filter((c) => (!among || among.has(c.question_id)) && !except.has(c.question_id)).slice(0, limit).map((c) => c.question_id);
}

// ---------------------------------------------------------------------------------------------
// Bookmarks

const questionNotFound = () => notFound('Question not found');

/** Bookmarks a published question; bookmarking it again changes nothing. */
export async function addBookmark(deps: Deps, userId: string, questionId: string): Promise<void> {
  const question = (await questionSummaries(deps, [questionId])).get(questionId);
  if (!question?.published) throw questionNotFound();
  await insertBookmark(deps.db, { user_id: userId, question_id: questionId, created_at: deps.clock.now() });
}

/** Removes a bookmark; removing one that is not there changes nothing. An unknown question is 404. */
export async function removeBookmark(deps: Deps, userId: string, questionId: string): Promise<void> {
  const question = (await questionSummaries(deps, [questionId])).get(questionId);
  if (!question) throw questionNotFound();
  await deleteBookmark(deps.db, userId, questionId);
}

/** A candidate's bookmarked questions that can be shown (published), newest first, with their stems. */
export async function listBookmarks(deps: { db: Db }, userId: string): Promise<z.infer<typeof bookmarkListResponseSchema>['data']> {
  const rows = await bookmarkRows(deps.db, userId, BOOKMARKS_LIST_MAX);
  const questions = await questionSummaries(deps, rows.map((r) => r.question_id));
  return rows.flatMap((r) => {
    const q = questions.get(r.question_id);
    return q?.published ? [{ questionId: r.question_id, stemHtml: q.stemHtml, categoryPath: q.categoryPath, createdAt: toIso(r.created_at) }] : [];
  });
}

/** Ids of a candidate's bookmarked published questions, newest bookmark first. */
export async function bookmarkedQuestionIds(deps: { db: Db }, userId: string): Promise<string[]> {
  return (await listBookmarks(deps, userId)).map((b) => b.questionId);
}

// ---------------------------------------------------------------------------------------------
// Sessions (attempts with the practice behaviour, kept by the attempt engine)

type StartInput = z.output<typeof practiceStartSchema>;

const LEVEL_WORDS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

/** What a session was asked for, in words: "SSC › Quantitative Aptitude · Easy and Hard". */
async function bankLabel(deps: Deps, input: StartInput, levels: Difficulty[] | null): Promise<string> {
  const parts: string[] = [];
  if (input.category) parts.push(input.category.split('/').map((p) => p.trim()).filter(Boolean).join(' › '));
  if (input.topic) parts.push((await findPublishedTopic(deps, input.topic))?.title ?? input.topic);
  if (parts.length === 0) parts.push('All questions');
  if (levels && levels.length < 3) {
    const words = levels.map((l) => LEVEL_WORDS[l]);
    parts.push(words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`);
  } else {
    parts.push('Mixed difficulty');
  }
  return parts.join(' · ');
}

const nothingToPractise = (message: string) => conflict(message);
const allWithheld = () =>
  nothingToPractise('These questions are in a contest or a test whose answers are not shown yet, or in your own test in progress: practise them once it is over');

/** The session as the candidate sees it, with which questions they have bookmarked. */
export async function getSession(deps: PracticeDeps, userId: string, sessionId: string): Promise<PracticeSession> {
  const view = await practiceView(deps, sessionId, userId);
  const bookmarked = await bookmarkedAmong(deps.db, userId, view.questions.map((q) => q.questionId));
  return { ...view, questions: view.questions.map((q) => ({ ...q, bookmarked: bookmarked.has(q.questionId) })) };
}

/**
 * Starts a practice session: `questionIds` (a review's wrong answers, still published, in their
 * order), or from the source: the bank (by category, topic and difficulty mix, recently answered
 * questions last), the mistakes shelf (due first, then by due date) or the bookmarks (recently
 * answered last). Refused with 409 when nothing matches.
 */
export async function startSession(deps: PracticeDeps, userId: string, input: StartInput, random: () => number = Math.random): Promise<PracticeSession> {
  const levels: Difficulty[] | null = input.difficulties ?? (input.difficulty ? [input.difficulty] : null);
  const filtered = input.category !== undefined || input.topic !== undefined || levels !== null;
  const filter = { ...(input.category ? { category: input.category } : {}), ...(input.topic ? { topic: input.topic } : {}), ...(levels ? { difficulties: levels } : {}) };
  const seen = async () => answeredSince(deps.db, userId, deps.clock.now() - SEEN_WINDOW_DAYS * DAY_MS);
  // A question whose key is withheld from this candidate is never served (docs/decisions/018).
  const withheld = await withheldQuestions(deps, { userId, now: deps.clock.now() });
  const servable = (id: string) => !withheld.has(id);
  let questionIds: string[];
  let label: string;

  if (input.questionIds) {
    const available = new Set((await publishedQuestionDifficulties(deps, { ...filter, ids: input.questionIds })).map((r) => r.id));
    const inBank = [...new Set(input.questionIds)].filter((id) => available.has(id));
    if (inBank.length === 0) throw nothingToPractise('None of these questions can be practised: they are no longer in the question bank');
    questionIds = inBank.filter(servable).slice(0, input.count);
    if (questionIds.length === 0) throw allWithheld();
    label = input.source === 'bookmarks' ? 'Bookmarked questions' : input.source === 'mistakes' ? 'Wrong answers to try again' : 'Selected questions';
  } else if (input.source === 'bank') {
    const published = await withoutContestOnly(deps, await publishedQuestionDifficulties(deps, filter));
    if (published.length === 0) throw nothingToPractise('No published questions match this choice yet: choose another category, topic or difficulty');
    const candidates = published.filter((q) => servable(q.id));
    if (candidates.length === 0) throw allWithheld();
    questionIds = drawFromBank(candidates, { count: input.count, levels, seen: await seen(), random });
    label = await bankLabel(deps, input, levels);
  } else if (input.source === 'mistakes') {
    const among = filtered ? new Set((await publishedQuestionDifficulties(deps, filter)).map((r) => r.id)) : undefined;
    questionIds = await mistakeQuestionIds(deps, userId, input.count, among, withheld);
    if (questionIds.length === 0 && (await mistakeQuestionIds(deps, userId, 1, among)).length > 0) throw allWithheld();
    if (questionIds.length === 0) {
      throw nothingToPractise(filtered ? 'You have no mistakes to practise in this choice' : 'You have no mistakes to practise yet: questions you answer wrongly are kept here for review');
    }
    label = 'My mistakes';
  } else {
    let ids = await bookmarkedQuestionIds(deps, userId);
    if (filtered) {
      const among = new Set((await publishedQuestionDifficulties(deps, { ...filter, ids })).map((r) => r.id));
      ids = ids.filter((id) => among.has(id));
    }
    if (ids.length === 0) {
      throw nothingToPractise(filtered ? 'None of your bookmarked questions is in this choice' : 'You have no bookmarked questions yet: bookmark a question while you practise to find it here');
    }
    ids = ids.filter(servable);
    if (ids.length === 0) throw allWithheld();
    questionIds = unseenFirst(ids, await seen()).slice(0, input.count);
    label = 'My bookmarks';
  }

  const id = await startPracticeAttempt(deps, { userId, source: input.source, label, questionIds, shuffleOptions: true });
  return getSession(deps, userId, id);
}

/** The candidate's recent sessions, newest first; an open one can be resumed. */
export async function listSessions(deps: Deps, userId: string): Promise<z.infer<typeof practiceSessionListResponseSchema>['data']> {
  return listPracticeAttempts(deps, userId);
}

/**
 * Answers a question of a session: the feedback, and the answer scheduled on the mistakes shelf. A
 * question answered before keeps its first answer and is not scheduled again.
 */
export async function answerQuestion(deps: PracticeDeps, userId: string, sessionId: string, questionId: string, optionIds: string[]): Promise<PracticeFeedback> {
  const { newlyAnswered, ...feedback } = await answerPractice(deps, sessionId, userId, questionId, optionIds);
  if (newlyAnswered) await recordOutcomes(deps, userId, [{ questionId, outcome: feedback.outcome }], deps.clock.now());
  return feedback;
}

// ---------------------------------------------------------------------------------------------
// What the attempt engine is given (by src/wiring.ts), so that it never imports this module

/**
 * Answers re-marked by a key decision, of many candidates at once: one now right leaves the mistakes
 * shelf; one now wrong (or partly right) goes on it as a wrong answer would. A candidate's question
 * answered twice counts by its last answer, as in recordOutcomes. Written a question at a time, for
 * all the candidates at once.
 */
export async function reviseOutcomes(deps: { db: Db }, revisions: { userId: string; outcomes: AnswerOutcome[] }[], at: number): Promise<void> {
  const byQuestion = (kept: (o: Outcome) => boolean) => {
    const out = new Map<string, Map<string, Outcome>>();
    for (const { userId, outcomes } of revisions) {
      for (const o of outcomes) {
        if (!kept(o.outcome)) continue;
        const users = out.get(o.questionId) ?? new Map<string, Outcome>();
        users.set(userId, o.outcome);
        out.set(o.questionId, users);
      }
    }
    return out;
  };
  for (const [questionId, users] of byQuestion((o) => o === 'correct')) await deleteCards(deps.db, { questionId, userIds: [...users.keys()].sort() });
  const missed = byQuestion((o) => o === 'wrong' || o === 'partial');
  if (missed.size === 0) return;
  // A question deleted since it was answered has nothing left to review.
  const existing = await questionSummaries(deps, [...missed.keys()]);
  for (const questionId of [...missed.keys()].filter((id) => existing.has(id)).sort()) {
    const users = missed.get(questionId)!;
    const userIds = [...users.keys()].sort();
    await deps.db.transaction().execute((trx) =>
      scheduleCards(
        trx,
        { questionId, userIds },
        userIds.map((userId) => ({ userId, questionId, outcome: users.get(userId)! })),
        at,
      ),
    );
  }
}

export function learningPort(deps: { db: Db }): Learning {
  return {
    bookmarkedAmong: (userId, questionIds) => bookmarkedAmong(deps.db, userId, questionIds),
    recordOutcomes: (userId, outcomes, at) => recordOutcomes(deps, userId, outcomes, at),
    reviseOutcomes: (revisions, at) => reviseOutcomes(deps, revisions, at),
  };
}
