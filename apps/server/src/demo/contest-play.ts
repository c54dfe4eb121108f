import type { Db } from '../db/index.js';
import { seededRandom } from '../lib/seeded-random.js';
import { finishAttempt, saveAnswer } from '../modules/attempts/attempts.service.js';
import { startContestAttempt } from '../modules/contests/contests.service.js';
import { paperPort } from '../wiring.js';
import { answerOf, between, positionsByLetter, type Bank, type Peer } from './peers.js';

const SECOND = 1000;
const SAVES_AT_ONCE = 10;

/** One player's turn at a contest: when they start, and how slowly they work (1 is the practised pace). */
export type Turn = { peer: Peer; startAt: number; pace: number };

/**
 * A demo player takes a contest's paper through the contests' and the attempt engine's services,
 * each step on a clock set to the moment it happens: the start, each answer as it is given, and the
 * submission a little after the last answer (before the contest's end at the latest).
 *
 * Moments may lie ahead of the seed: the live demo contest's players are written once, when the
 * demo is seeded, with the moments they play at, and the board shows each step once its moment has
 * passed (leaderboard.repo.ts, `asOf`). That needs no job running at demo time, so nothing can run
 * twice when several processes share the database, nor be lost when the server restarts.
 */
export async function playContest(db: Db, contest: { id: string; slug: string }, turn: Turn, bank: Bank): Promise<void> {
  const at = (time: number) => ({ db, clock: { now: () => time } });
  const play = { ...at(turn.startAt), paidEntry: true, holdMs: 0, payments: null, exam: { ...at(turn.startAt), papers: paperPort(db) } };
  const { attempt } = await startContestAttempt(play, contest.id, turn.peer.userId, null);
  const questions = await bank.questions(attempt.questions.map((q) => q.questionId));
  const random = seededRandom(`demo-contest-play:${contest.slug}:${turn.peer.index}`);
  const caution = between(random, 0.35, 0.75);
  const deadline = Date.parse(attempt.endsAt!) - 30 * SECOND;
  let now = turn.startAt;
  let seq = 0;
  const saves: (() => Promise<unknown>)[] = [];
  for (const shown of attempt.questions) {
    const question = questions.get(shown.questionId);
    if (!question) continue;
    const { positions, seconds } = answerOf(turn.peer, question, question.difficulty, random, caution);
    const spentMs = Math.round(seconds * turn.pace * SECOND);
    if (now + spentMs > deadline) break;
    now += spentMs;
    const letters = positionsByLetter(shown, question);
    const optionIds = positions.flatMap((p) => letters.get(p) ?? []);
    if (optionIds.length === 0) continue;
    seq += 1;
    const input = { optionIds, markedForReview: false, seq, timeSpentMs: spentMs };
    const savedAt = now;
    saves.push(() => saveAnswer(at(savedAt), { attemptId: attempt.id, userId: turn.peer.userId, deviceId: null, questionId: question.id, input }));
  }
  // Sent together: each question keeps its own answer whatever the order they arrive in.
  for (let i = 0; i < saves.length; i += SAVES_AT_ONCE) await Promise.all(saves.slice(i, i + SAVES_AT_ONCE).map((save) => save()));
  // Looked over once more, then submitted as the candidate's Submit does.
  const submitAt = Math.min(now + Math.round(between(random, 15, 90) * SECOND), deadline);
  await finishAttempt(at(submitAt), attempt.id, 'candidate');
}
