import type { AttemptQuestion, PracticeFeedback, PracticeSession } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { currentQuestionsForDelivery, questionsForDelivery, takeQuestionVersions } from '../questions/questions.service.js';
import { attemptClosed, sessionNotFound } from './attempt-errors.js';
import { chosenPositions, type Core, type PaperDeps } from './attempt-core.js';
import { toAttemptQuestion } from './attempts.dto.js';
import { answerRow, answerRows, attemptRow, claimAttempt, insertAttempt, writeScore, type AnswerRow } from './attempts.repo.js';
import { insertPracticeAnswer, practiceAttemptsOf, progressOf } from './practice-attempts.repo.js';
import type { AttemptRow } from './attempts.table.js';
import { layoutOf, layouts } from './engine-caches.js';
import { keyWithheld, withheldQuestions } from './key-access.js';
import { buildLayout, type StoredSection } from './layout.js';
import { markChoice, roundMarks, type Marked, type Outcome } from './marking.js';
import { newSeed, optionOrder } from './option-order.js';
import { feedbackOf, marked } from './practice-feedback.js';

/* Practice attempts: untimed, one section, feedback after each answer. */

export type PracticeSource = 'bank' | 'mistakes' | 'bookmarks';
export type PracticeView = Omit<PracticeSession, 'questions'> & { questions: (AttemptQuestion & { feedback: PracticeFeedback | null })[] };
export type PracticeSummary = Omit<PracticeSession, 'questions'> & { questionCount: number };

/**
 * Starts a practice session over the given questions, in that order (those no longer in the bank are
 * left out); options are shuffled per session when asked. Answers the session's id.
 */
export async function startPracticeAttempt(
  deps: Core,
  p: { userId: string; source: PracticeSource; label: string; questionIds: string[]; shuffleOptions: boolean },
): Promise<string> {
  const questions = await currentQuestionsForDelivery(deps, p.questionIds);
  const ids = [...new Set(p.questionIds)].filter((id) => questions.has(id));
  if (ids.length === 0) throw validationFailed([{ field: 'questionIds', message: 'No questions to practise' }]);
  const seed = newSeed();
  const sections: StoredSection[] = [
    {
      id: null,
      title: p.label,
      marks: 1,
      negativeMarks: 0,
      timeLimitMinutes: null,
      questions: ids.map((id) => {
        const q = questions.get(id)!;
        return { id, version: q.version, type: q.type, order: optionOrder(seed, { id, type: q.type, optionCount: q.options.length, shuffleOptions: q.shuffleOptions }, p.shuffleOptions) };
      }),
    },
  ];
  const layout = buildLayout(sections);
  const now = deps.clock.now();
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await insertAttempt(
      trx,
      {
        id,
        user_id: p.userId,
        behaviour: 'practice',
        test_id: null,
        source: p.source,
        label: p.label,
        attempt_number: 1,
        ranked: 0,
        status: 'open',
        seed,
        sections: JSON.stringify(sections),
        locked_sections: 0,
        marked_answered_counts: 1,
        grace_ms: 0,
        started_at: now,
        ends_at: null,
        device_id: null,
        last_seq: 0,
        created_at: now,
      },
      layout.questions.map((q, position) => ({ attempt_id: id, position, question_id: q.id, question_version: q.version, section_index: 0, option_order: JSON.stringify(q.order), marks: 1, negative_marks: 0 })),
    );
    await takeQuestionVersions(trx, layout.questions, now);
  });
  layouts.put(id, layout);
  return id;
}

const sessionHeader = (r: Pick<AttemptRow, 'id' | 'source' | 'label' | 'status' | 'started_at'>) => ({
  id: r.id,
  source: r.source === 'test' ? ('bank' as const) : r.source,
  label: r.label,
  status: r.status,
  startedAt: toIso(Number(r.started_at)),
});

async function ownPractice(deps: Core, attemptId: string, userId: string): Promise<AttemptRow> {
  const row = await attemptRow(deps.db, attemptId);
  if (!row || row.user_id !== userId || row.behaviour !== 'practice') throw sessionNotFound();
  return row;
}

/** A practice session to show or resume: questions, and for each one answered, its feedback. */
export async function practiceView(deps: PaperDeps, attemptId: string, userId: string): Promise<PracticeView> {
  const row = await ownPractice(deps, attemptId, userId);
  const layout = await layoutOf(deps.db, attemptId);
  const ids = layout.questions.map((q) => q.id);
  const [questions, answers, withheld] = await Promise.all([questionsForDelivery(deps, layout.questions, { testId: null }), answerRows(deps.db, attemptId), withheldQuestions(deps, { userId, questionIds: ids, now: deps.clock.now() })]);
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const items = layout.questions.map((q) => {
    const answer = byQuestion.get(q.id);
    return { ...toAttemptQuestion(q, layout.sections[0]!, questions.get(q.id)), feedback: answer ? feedbackOf(q, questions.get(q.id), answer, withheld.has(q.id)) : null };
  });
  const firstOpen = items.findIndex((i) => i.feedback === null);
  return {
    ...sessionHeader(row),
    questions: items,
    position: firstOpen === -1 ? items.length : firstOpen,
    correct: items.filter((i) => i.feedback?.isCorrect).length,
    answered: items.filter((i) => i.feedback !== null).length,
  };
}

/**
 * Marks a practice answer and stores it with its mark, then answers the feedback; the session is
 * submitted once every question is answered. A question answered before keeps its first answer, and
 * its feedback is answered again (`newlyAnswered: false`), so a retried request changes nothing.
 */
export async function answerPractice(
  deps: PaperDeps,
  attemptId: string,
  userId: string,
  questionId: string,
  optionIds: readonly string[],
): Promise<PracticeFeedback & { newlyAnswered: boolean }> {
  const row = await ownPractice(deps, attemptId, userId);
  const layout = await layoutOf(deps.db, attemptId);
  const q = layout.byId.get(questionId);
  if (!q) throw notFound('This question is not part of the session');
  const positions = chosenPositions(q, optionIds);
  if (positions.length === 0) throw validationFailed([{ field: 'optionIds', message: 'Choose an option' }]);
  const question = (await questionsForDelivery(deps, [q], { testId: null })).get(questionId);
  const withheld = await withheldQuestions(deps, { userId, questionIds: [questionId], now: deps.clock.now() });

  const earlier = await answerRow(deps.db, attemptId, questionId);
  if (earlier) return { ...feedbackOf(q, question, earlier, withheld.has(questionId)), newlyAnswered: false };
  if (row.status !== 'open') throw attemptClosed('This practice session is finished');
  if (withheld.has(questionId)) throw keyWithheld(withheld.get(questionId) ?? null);

  const now = deps.clock.now();
  const result: Marked = markChoice(marked(question), positions, { marks: 1, negativeMarks: 0 });
  const answer: AnswerRow = {
    attempt_id: attemptId,
    question_id: questionId,
    choice: JSON.stringify(positions),
    marked_for_review: 0,
    confidence: null,
    seq: q.number,
    saved_at: now,
    time_spent_ms: 0,
    mark: result.mark,
    outcome: result.outcome,
  };
  const inserted = await insertPracticeAnswer(deps.db, answer);
  if (!inserted) return { ...feedbackOf(q, question, (await answerRow(deps.db, attemptId, questionId))!), newlyAnswered: false };

  const progress = (await progressOf(deps.db, [attemptId])).get(attemptId);
  if (progress && progress.answered >= progress.total) {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await claimAttempt(trx, attemptId, now, 'candidate'))) return;
      const answers = await answerRows(trx, attemptId);
      const count = (o: Outcome) => answers.filter((a) => a.outcome === o).length;
      await writeScore(trx, attemptId, {
        score: roundMarks(answers.reduce((s, a) => s + (a.mark ?? 0), 0)),
        max_score: progress.total,
        correct: count('correct'),
        wrong: count('wrong'),
        partial: count('partial'),
        unattempted: progress.total - answers.length,
        time_spent_ms: 0,
        last_seq: answers.length,
      });
    });
  }
  return { ...feedbackOf(q, question, answer), newlyAnswered: true };
}

/** The candidate's practice sessions, newest first, with their progress. */
export async function listPracticeAttempts(deps: Core, userId: string, limit = 20): Promise<PracticeSummary[]> {
  const rows = await practiceAttemptsOf(deps.db, userId, limit);
  const progress = await progressOf(deps.db, rows.map((r) => r.id));
  return rows.map((r) => {
    const p = progress.get(r.id) ?? { total: 0, answered: 0, correct: 0, firstOpen: null };
    return {
      ...sessionHeader(r),
      position: p.firstOpen ?? p.total,
      correct: p.correct,
      answered: p.answered,
      questionCount: p.total,
    };
  });
}
