import type { z } from 'zod';
import type { PracticeChoices, PracticeFeedback, PracticeSession, practiceSessionListResponseSchema, practiceStartSchema } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';
import { answerPractice, listPracticeAttempts, practiceView, startPracticeAttempt, withheldQuestions, type PaperDeps } from '../attempts/attempts.service.js';
import { publishedQuestionCounts, publishedQuestionDifficulties } from '../questions/question-reads.service.js';
import { findPublishedTopic } from '../topics/topics.service.js';
import { bookmarkedQuestionIds } from './bookmarks.js';
import { answeredSince, bookmarkedAmong } from './practice.repo.js';
import { withoutContestOnly, withoutContestOnlyChoices } from './contest-only.js';
export { CONTEST_ONLY_CATEGORY } from './contest-only.js';
import { mistakeQuestionIds, recordOutcomes } from './mistakes.service.js';
import { drawFromBank, SEEN_WINDOW_DAYS, unseenFirst, type Difficulty } from './session-draw.js';
import { DAY_MS } from './review-schedule.js';

type Deps = { db: Db; clock: Clock };
/** With the attempt engine's paper port, for what asks the key rule (it reads which papers are sealed). */
export type PracticeDeps = PaperDeps;

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
