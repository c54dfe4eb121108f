import type { Db } from '../src/db/index.js';
import type { Clock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { beginTimedAttempt, type AttemptEvents } from '../src/modules/attempts/attempts.service.js';
import { testForContest, useTestForContest } from '../src/modules/papers/papers.service.js';
import { makeQuestions, makeTest } from './attempt-factories.js';
import { newUserRow } from '../src/modules/users/users.seeding.js';
import { createUser } from './factories.js';

const MIN = 60_000;

export type TestContest = { id: string; testId: string; startsAt: number; endsAt: number; durationMinutes: number; questionIds: string[] };

/**
 * A published contest written straight into its table, on a new paper of `questions` questions
 * (key: option A, 1 mark each, no negative marks), made a contest paper through the tests service.
 */
export async function makeContest(
  db: Db,
  opts: { startsAt: number; durationMinutes?: number; freezeMinutes?: number | null; prizes?: unknown[]; status?: 'draft' | 'published' | 'cancelled'; questions?: number; graceSeconds?: number },
): Promise<TestContest> {
  const questions = await makeQuestions(db, opts.questions ?? 3, { key: [0] });
  const duration = opts.durationMinutes ?? 30;
  const test = await makeTest(db, { durationMinutes: duration, graceSeconds: opts.graceSeconds ?? 0, sections: [{ questionIds: questions.map((q) => q.id), marks: 1, negativeMarks: 0 }] });
  await useTestForContest({ db, clock: { now: () => opts.startsAt } }, test.id, true);
  const id = newId();
  const endsAt = opts.startsAt + duration * MIN;
  await db
    .insertInto('contests')
    .values({
      id,
      slug: `contest-${id}`,
      title: `Contest ${id.slice(-6)}`,
      icon: 'code',
      level: 'Beginner',
      test_id: test.id,
      starts_at: opts.startsAt,
      ends_at: endsAt,
      duration_minutes: duration,
      total_seats: 100_000,
      prizes: JSON.stringify(opts.prizes ?? []),
      freeze_minutes: opts.freezeMinutes ?? null,
      status: opts.status ?? 'published',
      created_at: opts.startsAt - MIN,
      updated_at: opts.startsAt - MIN,
    })
    .execute();
  return { id, testId: test.id, startsAt: opts.startsAt, endsAt, durationMinutes: duration, questionIds: questions.map((q) => q.id) };
}

/** A confirmed entry for the user (a new candidate when none is given). */
export async function enter(db: Db, contest: TestContest, user?: { id: string; name?: string }) {
  const candidate = user ?? (await createUser(db));
  const id = newId();
  await db
    .insertInto('contest_entries')
    .values({ id, contest_id: contest.id, user_id: candidate.id, status: 'confirmed', joined_at: contest.startsAt - MIN, created_at: contest.startsAt - MIN, updated_at: contest.startsAt - MIN })
    .execute();
  return { entryId: id, userId: candidate.id };
}

/** Starts the candidate's contest attempt through the attempt engine and records it on the entry. */
export async function startContestAttempt(deps: { db: Db; clock: Clock; events?: AttemptEvents }, contest: TestContest, userId: string): Promise<string> {
  const seed = `seed-${userId}`;
  const test = await testForContest(deps, contest.testId, seed);
  if (!test) throw new Error('no paper');
  const { id } = await beginTimedAttempt(deps, { test, seed, userId, deviceId: null, endsBy: { at: contest.endsAt, writingMinutes: contest.durationMinutes } });
  await deps.db.updateTable('contest_entries').set({ attempt_id: id }).where('contest_id', '=', contest.id).where('user_id', '=', userId).execute();
  return id;
}

/**
 * `count` candidates entered in the contest, written in bulk: a quarter not started, a fifth still
 * playing (unless `playing: false`), the rest submitted with scores and times spread out; each started one with `answers`
 * saved answers. For timing the board at the scale of a large contest.
 */
export async function crowdContest(db: Db, contest: TestContest, count: number, answers = 3, opts: { playing?: boolean } = {}) {
  const rows = Array.from({ length: count }, (_, i) => {
    const userId = newId();
    const state = i % 4 === 0 ? 'notStarted' : i % 5 === 0 && opts.playing !== false ? 'playing' : 'submitted';
    const startedAt = contest.startsAt + (i % 60) * 1_000;
    return { i, userId, state, startedAt, attemptId: state === 'notStarted' ? null : newId() };
  });
  const chunks = <T>(items: T[], size = 100) => Array.from({ length: Math.ceil(items.length / size) }, (_, k) => items.slice(k * size, (k + 1) * size));
  for (const batch of chunks(rows)) {
    await db
      .insertInto('users')
      .values(batch.map((r) => ({ ...newUserRow({ email: `crowd${r.userId}@example.com`, name: `Crowd Member${r.i}`, role: 'candidate', passwordHash: 'x', now: contest.startsAt }), id: r.userId })))
      .execute();
    const started = batch.filter((r) => r.attemptId !== null);
    if (started.length > 0) {
      await db
        .insertInto('attempts')
        .values(
          started.map((r) => ({
            id: r.attemptId!,
            user_id: r.userId,
            behaviour: 'timed' as const,
            test_id: contest.testId,
            source: 'test' as const,
            status: r.state === 'submitted' ? ('submitted' as const) : ('open' as const),
            seed: 's',
            started_at: r.startedAt,
            ends_at: contest.endsAt,
            submitted_at: r.state === 'submitted' ? r.startedAt + 60_000 + (r.i % 997) * 1_000 : null,
            score: r.state === 'submitted' ? r.i % 31 : null,
            max_score: r.state === 'submitted' ? 30 : null,
            created_at: r.startedAt,
          })),
        )
        .execute();
    }
    await db
      .insertInto('contest_entries')
      .values(batch.map((r) => ({ id: newId(), contest_id: contest.id, user_id: r.userId, status: 'confirmed', joined_at: contest.startsAt - MIN, attempt_id: r.attemptId, created_at: contest.startsAt - MIN, updated_at: contest.startsAt - MIN })))
      .execute();
    const saved = started.flatMap((r) => Array.from({ length: answers }, (_, q) => ({ attempt_id: r.attemptId!, question_id: `q${q}`, choice: q === 0 && r.i % 7 === 0 ? '[]' : '[0]', marked_for_review: 0, confidence: null, seq: q + 1, saved_at: r.startedAt + q, time_spent_ms: 0 })));
    for (const part of chunks(saved, 150)) await db.insertInto('attempt_answers').values(part).execute();
  }
  return rows;
}
