import { questionInputSchema } from '@abhyas/contracts';
import type { Db } from '../db/index.js';
import { createBackgroundJobs } from '../lib/background.js';
import { DEFAULT_CHALLENGE_WINDOW_MS } from '../lib/challenge-window.js';
import type { Clock } from '../lib/clock.js';
import { BY_SERVER } from '../modules/audit/audit.service.js';
import { attemptQuestionFacts, attemptReview, firstSubmittedAttempt } from '../modules/attempts/attempts.service.js';
import { challengeQuestion, reportQuestion } from '../modules/challenges/challenges.service.js';
import { decideKey } from '../modules/challenges/key-decision.js';
import { getAdminTest, testIdBySlug } from '../modules/papers/papers.service.js';
import { getQuestion, updateQuestion } from '../modules/questions/questions.service.js';
import { userByEmail } from '../modules/users/users.service.js';
import { learningPort } from '../modules/practice/mistakes.service.js';
import { paperPort } from '../wiring.js';
import { DEMO_PEERS } from './peers.js';

/*
 * Results people can trust, in the demo: Quant Sprint 3 ended a few hours ago and its answer key is
 * open to challenges. The peers have challenged three of its questions, the demo candidate one: an
 * editor has kept the key of one (the challengers, the candidate among them, are told) and dropped
 * another (every candidate whose score moved is told), and added to the explanation of a fourth, which
 * now has a second version beside the one the candidates were given. A peer
 * has reported a problem with a question of the daily quiz. So the queue, the review's markers, the
 * notices and the versions panel all have something to show.
 */

const PAPER = 'contest-paper-quant-sprint-3';
const DAILY_QUIZ = 'daily-quiz';
/** The demo's seed sends no mail: its people have made-up addresses. */
const noMail = { send: async () => {}, close: async () => {} };

export async function seedDemoTrust(db: Db, clock: Clock): Promise<{ challenges: number; decisions: number }> {
  const deps = { db, clock, challengeWindowMs: DEFAULT_CHALLENGE_WINDOW_MS, papers: paperPort(db) };
  const testId = await testIdBySlug(deps, PAPER);
  if (!testId) return { challenges: 0, decisions: 0 };
  const paper = await getAdminTest(deps, testId);
  const questionIds = paper.sections.flatMap((s) => s.questionIds);
  const [disputed, doubted, reworded, ...rest] = questionIds;
  // The dropped question is one the demo candidate did not get right, so their score moves and they are told.
  const candidate = await userByEmail(deps, 'candidate@abhyas.test');
  const theirs = candidate ? await firstSubmittedAttempt(deps, candidate.id, testId) : null;
  const review = theirs && candidate ? await attemptReview({ db, clock, papers: paperPort(db) }, theirs, candidate.id) : null;
  const dropped = rest.find((id) => review?.questions.some((q) => q.questionId === id && !q.isCorrect)) ?? rest[0];
  if (!disputed || !doubted || !dropped || !reworded) return { challenges: 0, decisions: 0 };
  // Seeded once: a second start finds the second version written.
  if ((await getQuestion(deps, reworded)).version > 1) return { challenges: 0, decisions: 0 };

  const peers = (await Promise.all(DEMO_PEERS.map((p) => userByEmail(deps, p.email)))).flatMap((u) => (u ? [u] : []));
  let challenges = 0;
  const challenge = async (userId: string, questionId: string, reason: 'wrong_key' | 'multiple_correct' | 'no_correct' | 'error_in_question', comment?: string) => {
    const attemptId = await firstSubmittedAttempt(deps, userId, testId);
    if (!attemptId || !(await attemptQuestionFacts(deps, attemptId, questionId))?.question) return;
    await challengeQuestion(deps, userId, attemptId, { questionId, reason, ...(comment ? { comment } : {}) });
    challenges += 1;
  };
  const comments = ['The answer I get is the second option, not the one keyed.', 'Worked it twice: the keyed option is off by one step.', '', 'Please check the key.', '', 'The key looks wrong to me.'];
  for (const [i, peer] of peers.slice(0, 6).entries()) await challenge(peer.id, disputed, 'wrong_key', comments[i]);
  for (const peer of peers.slice(6, 8)) await challenge(peer.id, doubted, 'multiple_correct', 'Two options round to the same value.');
  if (candidate) await challenge(candidate.id, doubted, 'multiple_correct', 'B and C look the same to me after rounding.');
  for (const peer of peers.slice(8, 11)) await challenge(peer.id, dropped, 'error_in_question', 'The figures in the question do not add up.');

  // The editor drops the question whose figures do not add up: every candidate gets its marks.
  const jobs = createBackgroundJobs({ warn: () => {} });
  const exam = { db, clock, jobs, learning: learningPort({ db }), papers: deps.papers };
  await decideKey({ ...deps, exam, notices: { db, clock, mailer: noMail, jobs, publicUrl: '' } }, BY_SERVER, dropped, {
    testId,
    action: 'drop',
    note: 'The figures in the question did not add up, so no option was right: the question is dropped and every candidate gets its marks.',
  });

  // The editor keeps the key of the question said to have two right answers, and replies.
  await decideKey({ ...deps, exam, notices: { db, clock, mailer: noMail, jobs, publicUrl: '' } }, BY_SERVER, doubted, {
    testId,
    action: 'keep',
    note: 'Only one option is right: worked to two decimals, the other comes out slightly different.',
  });

  // A fuller explanation of a question candidates were given, in both its languages: its second version
  // (the wording, and so the content the bank's import recognises, stays as it was).
  const before = await getQuestion(deps, reworded);
  const hindi = before.translation;
  await updateQuestion(
    deps,
    BY_SERVER,
    reworded,
    questionInputSchema.parse({
      type: before.type,
      title: before.title ?? undefined,
      stem: before.stem,
      explanation: `${before.explanation ?? ''}\n\nCheck: put the answer back into the question and the figures agree.`.trim(),
      difficulty: before.difficulty,
      marks: before.marks,
      negativeMarks: before.negativeMarks,
      categoryPath: before.categoryPath ?? undefined,
      tags: before.tags,
      marking: before.marking,
      options: before.options.map((o) => ({ text: o.text, correct: o.correct, ...(o.feedback ? { feedback: o.feedback } : {}) })),
      language: before.language,
      translation: hindi && {
        language: hindi.language,
        stem: hindi.stem,
        explanation: `${hindi.explanation ?? ''}\n\nजाँच: उत्तर को प्रश्न में वापस रखकर देखें, आँकड़े मेल खाते हैं।`.trim(),
        options: hindi.options.map((o) => ({ text: o.text, ...(o.feedback ? { feedback: o.feedback } : {}) })),
      },
    }),
  );

  // A report of a problem from the daily quiz.
  const quiz = await testIdBySlug(deps, DAILY_QUIZ);
  const reporter = peers[12];
  if (quiz && reporter) {
    const attemptId = await firstSubmittedAttempt(deps, reporter.id, quiz);
    const first = attemptId ? (await getAdminTest(deps, quiz)).sections.flatMap((s) => s.questionIds)[0] : undefined;
    if (attemptId && first) await reportQuestion(deps, reporter.id, first, { reason: 'error_in_question', comment: 'Option B has a spelling mistake.', attemptId });
  }
  await jobs.drain();
  return { challenges, decisions: 2 };
}
