import type { Attempt, AttemptResult, QuestionLanguage } from '@abhyas/contracts';
import { AppError, conflict, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { currentQuestionsForDelivery, questionsForDelivery, takeQuestionVersions, type DeliveryQuestion } from '../questions/questions.service.js';
import { compensatedEnd, rateAtStart, type EndBound } from './accommodation.js';
import { attemptDocument, deliveredQuestions } from './attempt-document.js';
import { attemptClosed, attemptNotFound, takenOver } from './attempt-errors.js';
import { initialView, viewOf } from './attempt-view.js';
import { finishAttempt, ownTimedAttempt, paperOf, testOf, timingOf, type AttemptDeps, type Core, type MarkingDeps } from './attempt-core.js';
import { answerRows, attemptState, countAttempts, insertAttempt, lockStarts, maxAnswerSeq, openAttemptOf, overdueAttemptIds, setWriter } from './attempts.repo.js';
import { isOverdue } from './deadlines.js';
import { layoutOf, layouts } from './engine-caches.js';
import { buildLayout, isLocked, type StoredSection } from './layout.js';
import { optionOrder, seededShuffle } from './option-order.js';
import { attemptResult } from './outcomes.js';
import type { PaperForAttempt } from './paper-port.js';
import { canWrite } from './writer.js';

/*
 * Timed attempts: starting one on a paper, resuming it, handing it to another device, submitting it,
 * and the sweeper that submits those past their time.
 */

/**
 * A paper's sections as the candidate with this seed gets them: the questions the bank still holds,
 * shuffled from the seed when the paper says so, each with its options' bank positions in the order shown.
 */
async function sectionsFor(deps: Pick<Core, 'db'>, paper: PaperForAttempt, seed: string): Promise<{ sections: StoredSection[]; questions: Map<string, DeliveryQuestion> }> {
  const questions = await currentQuestionsForDelivery(deps, paper.sections.flatMap((s) => s.questionIds));
  const sections = paper.sections.map((s) => {
    const ids = s.questionIds.filter((id) => questions.has(id));
    const ordered = paper.shuffleQuestions ? seededShuffle(ids, seed, `section:${s.id}`) : ids;
    return {
      id: s.id,
      title: s.title,
      marks: s.marks,
      negativeMarks: s.negativeMarks,
      timeLimitMinutes: s.timeLimitMinutes,
      questions: ordered.map((id) => {
        const q = questions.get(id)!;
        return { id, version: q.version, type: q.type, order: optionOrder(seed, { id, type: q.type, optionCount: q.options.length, shuffleOptions: q.shuffleOptions }, paper.shuffleOptions) };
      }),
    };
  });
  return { sections, questions };
}

/**
 * What a candidate starting an attempt on this paper with this seed would see, for the editors'
 * preview: per section, its questions in order, each with its options' bank positions in display order.
 */
export async function candidateOrder(deps: Pick<Core, 'db'>, paper: PaperForAttempt, seed: string): Promise<{ sectionId: string; questions: { id: string; order: number[] }[] }[]> {
  return (await sectionsFor(deps, paper, seed)).sections.map((s, i) => ({ sectionId: paper.sections[i]!.id, questions: s.questions.map((q) => ({ id: q.id, order: q.order })) }));
}

/**
 * Starts a timed attempt on a paper its user (a mock test, a contest) has drawn for this candidate:
 * its sections are kept as they stand, questions and options are shuffled from the seed when the
 * test says so, and the device asking becomes the one that writes. The candidate's compensatory time
 * (docs/PRODUCT.md §8.11) is read now and kept with the attempt. When the candidate has an open
 * attempt on the test, that one is answered instead (created: false); an open attempt past its time
 * is submitted first. Past the attempts allowed → 409.
 */
export async function beginTimedAttempt(
  deps: MarkingDeps,
  p: {
    test: PaperForAttempt;
    seed: string;
    userId: string;
    deviceId: string | null;
    /** A contest's end and its writing time: the attempt closes then at the latest, or past it by the candidate's compensatory share. */
    endsBy?: EndBound;
    /** The default language the candidate chose, when the paper offers it. */
    language?: QuestionLanguage | undefined;
  },
): Promise<{ id: string; created: boolean; questions: ReadonlyMap<string, DeliveryQuestion> }> {
  const { test, seed } = p;
  const stale = await openAttemptOf(deps.db, p.userId, test.id);
  if (stale && isOverdue({ endsAt: Number(stale.ends_at), graceMs: stale.grace_ms }, deps.clock.now())) await finishAttempt(deps, stale.id, 'server');

  const { sections, questions } = await sectionsFor(deps, test, seed);
  const layout = buildLayout(sections);
  if (layout.questions.length === 0) throw conflict('This test has no questions to attempt yet');

  const now = deps.clock.now();
  const id = newId();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockStarts(trx, p.userId, test.id);
    const open = await openAttemptOf(trx, p.userId, test.id);
    if (open) return { id: open.id, created: false };
    const started = await countAttempts(trx, p.userId, test.id);
    if (test.attemptsAllowed !== null && started >= test.attemptsAllowed) {
      throw new AppError('ATTEMPTS_EXHAUSTED', 409, `You have used the ${test.attemptsAllowed === 1 ? 'one attempt' : `${test.attemptsAllowed} attempts`} this test allows`);
    }
    const rate = await rateAtStart(trx, p.userId);
    await insertAttempt(
      trx,
      {
        id,
        user_id: p.userId,
        behaviour: 'timed',
        test_id: test.id,
        source: 'test',
        label: test.title,
        attempt_number: started + 1,
        ranked: started === 0 ? 1 : 0,
        status: 'open',
        seed,
        sections: JSON.stringify(sections),
        locked_sections: isLocked(sections) ? 1 : 0,
        marked_answered_counts: test.markedAnsweredCounts ? 1 : 0,
        grace_ms: test.graceSeconds * 1000,
        extra_minutes_per_hour: rate,
        started_at: now,
        ends_at: compensatedEnd(now, test.durationMinutes, rate, p.endsBy),
        device_id: p.deviceId,
        last_seq: 0,
        view: initialView(test.languages, p.language),
        created_at: now,
      },
      layout.questions.map((q, position) => ({
        attempt_id: id,
        position,
        question_id: q.id,
        question_version: q.version,
        section_index: q.sectionIndex,
        option_order: JSON.stringify(q.order),
        marks: sections[q.sectionIndex]!.marks,
        negative_marks: sections[q.sectionIndex]!.negativeMarks,
      })),
    );
    await takeQuestionVersions(trx, layout.questions, now);
    return { id, created: true };
  });
  if (outcome.created) layouts.put(id, layout);
  return { ...outcome, questions };
}

/** For a test's instructions page: how many attempts the candidate has started and the open one. */
export async function attemptsSummary(deps: Core, userId: string, testId: string): Promise<{ count: number; openAttemptId: string | null }> {
  const [count, open] = await Promise.all([countAttempts(deps.db, userId, testId), openAttemptOf(deps.db, userId, testId)]);
  const live = open && !isOverdue({ endsAt: open.ends_at, graceMs: open.grace_ms }, deps.clock.now());
  return { count, openAttemptId: live ? open.id : null };
}

/** The delivered questions at these versions: from `known` when it holds every one of them (just read for the start), else read. */
function deliveredAt(deps: Core, refs: readonly { id: string; version: number }[], known?: ReadonlyMap<string, DeliveryQuestion>) {
  if (known && refs.every((r) => known.get(r.id)?.version === r.version)) return Promise.resolve(known);
  return questionsForDelivery(deps, refs);
}

/**
 * An attempt to resume: its delivered questions without keys, the saved answers, the clock and who
 * writes. `known`: questions just read at their current version (a start), used where the attempt
 * names the same versions.
 */
export async function getAttempt(deps: AttemptDeps, attemptId: string, userId: string, deviceId: string | null, known?: ReadonlyMap<string, DeliveryQuestion>): Promise<Attempt> {
  const row = await ownTimedAttempt(deps, attemptId, userId);
  const layout = await layoutOf(deps.db, attemptId);
  const [timing, now] = [timingOf(row, layout), deps.clock.now()];
  const shown = deliveredQuestions(layout, timing, row.status, now);
  const [questions, answers, paper] = await Promise.all([deliveredAt(deps, shown, known), answerRows(deps.db, attemptId), paperOf(deps, row.test_id)]);
  const writer = canWrite(row.device_id, deviceId) ? 'this' : 'other';
  return attemptDocument({ row, layout, timing, shown, questions, answers, test: testOf(row.test_id, paper), view: viewOf(row.view, paper?.languages), writer, now });
}

/** Makes the asking device the one that writes; the other device is told on its next save. */
export async function takeOverAttempt(deps: AttemptDeps, attemptId: string, userId: string, deviceId: string | null): Promise<Attempt> {
  if (!deviceId) throw validationFailed([{ field: 'x-device-id', message: 'Send the X-Device-Id header naming this device' }]);
  const row = await ownTimedAttempt(deps, attemptId, userId);
  if (row.status !== 'open') throw attemptClosed();
  if (!(await setWriter(deps.db, attemptId, deviceId, await maxAnswerSeq(deps.db, attemptId)))) throw attemptClosed();
  return getAttempt(deps, attemptId, userId, deviceId);
}

/** Submits the candidate's attempt and answers its result; a second submit answers the same result. */
export async function submitAttempt(deps: AttemptDeps, attemptId: string, userId: string, deviceId: string | null): Promise<AttemptResult> {
  const state = await attemptState(deps.db, attemptId);
  if (!state || state.user_id !== userId || state.behaviour !== 'timed') throw attemptNotFound();
  if (state.status === 'open') {
    if (!canWrite(state.device_id, deviceId)) throw takenOver();
    await finishAttempt(deps, attemptId, 'candidate');
  }
  return attemptResult(deps, attemptId, userId);
}

/**
 * Submits every open attempt past its end and grace, a batch at a time; answers how many this call
 * submitted. Safe to run in several processes at once: each attempt is submitted by one of them.
 */
export async function submitOverdueAttempts(deps: MarkingDeps, batch = 100): Promise<number> {
  let submitted = 0;
  for (;;) {
    const ids = await overdueAttemptIds(deps.db, deps.clock.now(), batch);
    for (const id of ids) if (await finishAttempt(deps, id, 'server')) submitted += 1;
    if (ids.length < batch) return submitted;
  }
}
