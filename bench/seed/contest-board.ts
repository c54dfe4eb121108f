/**
 * A running contest with its participants part-way through, as the contest module and the attempt
 * engine leave them: the paper (an existing published test, `--test`) becomes a contest paper through
 * the tests service; the contest started 20 minutes ago and runs 240 minutes; `--entries` candidates
 * hold confirmed entries (their seats counted in `filled_seats`), of whom `--submitted` submitted a
 * first attempt, each with its marked answers and score (the server's marking) and its time taken,
 * `--playing` have an open attempt with some answers saved, and the rest have not started;
 * `--named` more hold entries without an attempt, called `Submitter-1`, `Submitter-2`…, for a
 * scenario to play through the API and find on the board by name.
 *
 * Accounts and tokens come from the users and token services, attempts from the attempts
 * repository; the contest and entry rows are written as the contests tables define them, in
 * transactions of 500 participants. No seeded score reaches the paper's maximum: every submitted
 * attempt leaves at least one question not right, so a candidate answering all right ranks first.
 * Writes { contestId, slug, startsAt, endsAt, entrants: [{ userId, name, token, state }], ms } to --out.
 *
 * Usage: node --conditions=source --import tsx bench/seed/contest-board.ts --test <id> --prefix p
 *          --entries 10000 --submitted 8500 --playing 1000 [--named 2] --out file.json
 */
import { writeFile } from 'node:fs/promises';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { newId } from '../../apps/server/src/lib/ids.js';
import { countIntoQuestionStats, insertAttempt, writeMarks, writeScore, type AnswerRow, markSaved, roundMarks, type Outcome, newSeed } from '../../apps/server/src/modules/attempts/attempts.seeding.js';
import { currentQuestionsForDelivery, takeQuestionVersions } from '../../apps/server/src/modules/questions/questions.service.js';
import { testForContest, useTestForContest } from '../../apps/server/src/modules/papers/papers.service.js';
import type { EntrantState, SeededContest, SeededEntrant } from '../lib/contest-setup.js';
import { random } from '../lib/exam-client.js';
import { args, attemptLayout, firstAttemptRow, openServerDb, seedCandidates, type SeededCandidate } from './lib.js';

const a = args();
const testId = a.get('test') ?? '';
const prefix = a.get('prefix') ?? '';
const entries = Number(a.get('entries') ?? '0');
const submitted = Number(a.get('submitted') ?? '0');
const playing = Number(a.get('playing') ?? '0');
const named = Number(a.get('named') ?? '0');
const out = a.get('out');
const whole = (n: number) => Number.isInteger(n) && n >= 0;
if (!testId || !prefix || !out || !whole(entries) || !whole(submitted) || !whole(playing) || !whole(named) || submitted + playing > entries || entries + named < 1) {
  throw new Error('usage: contest-board.ts --test <id> --prefix <p> --entries <n> --submitted <n> --playing <n> [--named <n>] --out <file>');
}

const BATCH = 500;
const STARTED_AGO_MS = 20 * 60_000;
const DURATION_MINUTES = 240;

const { config, handle } = openServerDb();
const db = handle.db;
try {
  const started = performance.now();
  const deps = { db, clock: systemClock };
  if (!(await useTestForContest(deps, testId, true))) throw new Error(`no test ${testId}`);
  const test = await testForContest(deps, testId, newSeed());
  if (!test) throw new Error(`no test ${testId}`);
  // The versions an attempt starting now is given, recorded as taken as the engine does.
  const questions = await currentQuestionsForDelivery(deps, test.sections.flatMap((s) => s.questionIds));
  await takeQuestionVersions(db, [...questions.values()].map((q) => ({ id: q.id, version: q.version })), systemClock.now());
  const jwt = { secret: config.auth.jwtSecret, ttlMs: config.auth.tokenTtlMs };
  const people: SeededCandidate[] = [...(await seedCandidates(db, jwt, `contest-${prefix}`, entries)), ...(named ? await seedCandidates(db, jwt, `contest-${prefix}-named`, named, (n) => `Submitter-${n}`) : [])];
  const names = people.map((_, i) => (i < entries ? `Bench candidate ${i + 1}` : `Submitter-${i - entries + 1}`));

  const now = systemClock.now();
  const startsAt = now - STARTED_AGO_MS;
  const endsAt = startsAt + DURATION_MINUTES * 60_000;
  const contestId = newId();
  const slug = `bench-${prefix}`;
  await db
    .insertInto('contests')
    .values({
      id: contestId,
      slug,
      title: `Bench contest ${prefix}`,
      icon: 'general',
      level: 'Intermediate',
      description: 'A running contest for the benchmark.',
      test_id: test.id,
      starts_at: startsAt,
      ends_at: endsAt,
      duration_minutes: DURATION_MINUTES,
      total_seats: people.length,
      filled_seats: people.length,
      price_amount: 0,
      currency: 'INR',
      prizes: JSON.stringify([{ fromRank: 1, toRank: 1, kind: 'cash', amount: 100_000, description: 'First prize' }]),
      freeze_minutes: null,
      status: 'published',
      cancel_reason: null,
      cancelled_at: null,
      finalized_at: null,
      author_id: null,
      created_at: startsAt - 7 * 86_400_000,
      updated_at: startsAt - 86_400_000,
    })
    .execute();

  // Who is in which state: spread over the participants by a seeded shuffle, the named ones last.
  const rnd = random(0xc0de5);
  const states: EntrantState[] = people.map((_, i) => (i >= entries ? 'notStarted' : i < submitted ? 'submitted' : i < submitted + playing ? 'playing' : 'notStarted'));
  for (let i = entries - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [states[i], states[j]] = [states[j]!, states[i]!];
  }
  const maxScore = test.sections.reduce((s, x) => s + x.marks * x.questionIds.length, 0);

  for (let from = 0; from < people.length; from += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (let i = from; i < Math.min(people.length, from + BATCH); i++) {
        const person = people[i]!;
        const state = states[i]!;
        const joinedAt = startsAt - 3_600_000 - Math.floor(rnd() * 2 * 86_400_000);
        let attemptId: string | null = null;
        if (state !== 'notStarted') {
          attemptId = newId();
          const seed = newSeed();
          const ability = 0.3 + 0.65 * rnd();
          const attemptStart = startsAt + Math.floor(rnd() * 120_000);
          const { sections, layout, rows: questionRows } = attemptLayout(test, questions, attemptId, seed);
          // A player has answered the first few questions; a submitted candidate went through all of them.
          const reached = state === 'playing' ? 1 + Math.floor(rnd() * (layout.length - 1)) : layout.length;
          const answers: AnswerRow[] = [];
          const lines: { questionId: string; marks: number; mark: number; outcome: Outcome }[] = [];
          let allRight = true;
          layout.forEach(({ q: sq, section }, position) => {
            const q = questions.get(sq.id)!;
            const fractions = q.options.map((o) => o.fraction);
            const right = fractions.flatMap((f, k) => (f > 0 ? [k] : []));
            const wrong = fractions.flatMap((f, k) => (f > 0 ? [] : [k]));
            // The last question of an all-right run is left unanswered, so no seeded score is the maximum.
            const lastChance = state === 'submitted' && position === layout.length - 1 && allRight;
            const skipped = position >= reached || lastChance || rnd() < 0.1;
            const choice = skipped ? [] : rnd() < ability || wrong.length === 0 ? right : [wrong[Math.floor(rnd() * wrong.length)]!];
            const result = markSaved({ type: q.type, marking: q.marking, fractions }, skipped ? null : { choice, markedForReview: false }, { marks: section.marks, negativeMarks: section.negativeMarks, markedAnsweredCounts: test.markedAnsweredCounts });
            if (result.outcome !== 'correct') allRight = false;
            lines.push({ questionId: sq.id, marks: section.marks, ...result });
            if (skipped) return;
            answers.push({
              attempt_id: attemptId!,
              question_id: sq.id,
              choice: JSON.stringify(choice),
              marked_for_review: 0,
              confidence: (['sure', 'fifty', 'guess', null] as const)[Math.floor(rnd() * 4)]!,
              seq: answers.length + 1,
              saved_at: attemptStart + 40_000 * (answers.length + 1),
              time_spent_ms: 40_000,
              // Marks are written at submission.
              mark: state === 'submitted' ? result.mark : null,
              outcome: state === 'submitted' ? result.outcome : null,
            });
          });
          // Time taken: from a minute to the time since the attempt began, in whole milliseconds, so ties are rare.
          const spent = 60_000 + Math.floor(rnd() * (now - attemptStart - 65_000));
          await insertAttempt(
            trx,
            firstAttemptRow(test, {
              id: attemptId,
              userId: person.userId,
              seed,
              sections,
              startedAt: attemptStart,
              endsAt: Math.min(attemptStart + test.durationMinutes * 60_000, endsAt),
              lastSeq: answers.length,
              submittedAt: state === 'submitted' ? attemptStart + spent : null,
            }),
            questionRows,
          );
          await writeMarks(trx, answers);
          if (state === 'submitted') {
            const n = (o: Outcome) => lines.filter((l) => l.outcome === o).length;
            const score = roundMarks(lines.reduce((s, l) => s + l.mark, 0));
            if (score >= maxScore) throw new Error('a seeded score reached the maximum');
            await writeScore(trx, attemptId, {
              score,
              max_score: roundMarks(lines.reduce((s, l) => s + l.marks, 0)),
              correct: n('correct'),
              wrong: n('wrong'),
              partial: n('partial'),
              unattempted: n('unattempted'),
              time_spent_ms: spent,
              last_seq: answers.length,
            });
            await countIntoQuestionStats(trx, test.id, lines.map((l) => ({ questionId: l.questionId, correct: l.outcome === 'correct' })));
          }
        }
        await trx
          .insertInto('contest_entries')
          .values({
            id: newId(),
            contest_id: contestId,
            user_id: person.userId,
            status: 'confirmed',
            hold_expires_at: null,
            joined_at: joinedAt,
            attempt_id: attemptId,
            final_rank: null,
            prize: null,
            rating_before: null,
            rating_after: null,
            performance: null,
            created_at: joinedAt,
            updated_at: joinedAt,
          })
          .execute();
      }
    });
  }
  const entrants: SeededEntrant[] = people.map((p, i) => ({ userId: p.userId, name: names[i]!, token: p.token, state: states[i]! }));
  const result: SeededContest = { contestId, slug, startsAt, endsAt, entrants, ms: performance.now() - started };
  await writeFile(out, JSON.stringify(result));
} finally {
  await handle.close();
}
