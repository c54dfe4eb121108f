import { sql } from 'kysely';
import type { Executor } from '../../../db/index.js';

/** What a board needs of its contest. */
export async function contestForBoard(db: Executor, contestId: string) {
  return db
    .selectFrom('contests')
    .select(['id', 'status', 'test_id', 'starts_at', 'ends_at', 'freeze_minutes', 'finalized_at', 'prizes'])
    .where('id', '=', contestId)
    .executeTakeFirst();
}
export type ContestForBoardRow = NonNullable<Awaited<ReturnType<typeof contestForBoard>>>;

/**
 * Every confirmed entry of a contest with its candidate's name, its attempt and the answers saved
 * to it (a cleared answer, stored as an empty choice, does not count), in one statement. With a
 * freeze moment, also the answers last saved by then, which the frozen public board shows. The
 * answers are counted per entry through the answers' primary key, so the plan does not hang on
 * the planner's row estimates (a fresh contest's tables are not analysed yet).
 *
 * With `asOf`, the board as it stands at that moment: an attempt started later is not there yet, a
 * submission made later is still playing, an answer saved later is not counted. Attempts are
 * written as they happen, so this changes nothing for them; the demo's peers are written at seed
 * time with the moments they play at, and their board moves as those moments pass.
 */
export async function boardEntries(db: Executor, contestId: string, freezeAt: number | null, asOf?: number) {
  const counted = asOf === undefined ? freezeAt : freezeAt === null ? null : Math.min(freezeAt, asOf);
  const rows = await db
    .selectFrom('contest_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('attempts as a', 'a.id', 'e.attempt_id')
    .select((eb) => [
      'e.id as entry_id',
      'e.user_id',
      'u.name',
      'e.attempt_id',
      'e.final_rank',
      'e.prize',
      'e.rating_before',
      'e.rating_after',
      'a.status as attempt_status',
      'a.started_at',
      'a.submitted_at',
      'a.score',
      'a.max_score',
      eb
        .selectFrom('attempt_answers as aa')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('aa.attempt_id', '=', 'e.attempt_id')
        .where('aa.choice', '<>', '[]')
        .$if(asOf !== undefined, (q) => q.where('aa.saved_at', '<=', asOf!))
        .as('answered'),
      counted === null
        ? eb.val(0).as('answered_at_freeze')
        : eb
            .selectFrom('attempt_answers as af')
            .select((x) => x.fn.countAll<number>().as('n'))
            .whereRef('af.attempt_id', '=', 'e.attempt_id')
            .where('af.choice', '<>', '[]')
            .where('af.saved_at', '<=', counted)
            .as('answered_at_freeze'),
    ])
    .where('e.contest_id', '=', contestId)
    .where('e.status', '=', 'confirmed')
    .execute();
  return rows.map((r) => asOfMoment(r, asOf)).map((r) => ({
    entryId: r.entry_id,
    userId: r.user_id,
    name: r.name,
    attemptId: r.attempt_id,
    attemptStatus: r.attempt_status,
    startedAt: r.started_at === null ? null : Number(r.started_at),
    submittedAt: r.submitted_at === null ? null : Number(r.submitted_at),
    score: r.score === null ? null : Number(r.score),
    maxScore: r.max_score === null ? null : Number(r.max_score),
    answered: Number(r.answered ?? 0),
    answeredAtFreeze: Number(r.answered_at_freeze ?? 0),
    finalRank: r.final_rank,
    prize: r.prize,
    ratingBefore: r.rating_before,
    ratingAfter: r.rating_after,
  }));
}
export type BoardEntry = Awaited<ReturnType<typeof boardEntries>>[number];

type AttemptColumns = { attempt_id: string | null; attempt_status: 'open' | 'submitted' | null; started_at: number | null; submitted_at: number | null; score: number | null; max_score: number | null };

/** An entry's attempt as it stood at `asOf`: not started yet, or still open. */
function asOfMoment<R extends AttemptColumns>(r: R, asOf: number | undefined): R {
  if (asOf === undefined || r.started_at === null) return r;
  if (Number(r.started_at) > asOf) return { ...r, attempt_id: null, attempt_status: null, started_at: null, submitted_at: null, score: null, max_score: null };
  if (r.submitted_at !== null && Number(r.submitted_at) > asOf) return { ...r, attempt_status: 'open', submitted_at: null, score: null, max_score: null };
  return r;
}

/** The most a candidate can score on the contest's paper, from the first attempt started at it; null before any. */
export async function paperMaxScore(db: Executor, contestId: string): Promise<number | null> {
  const first = await db
    .selectFrom('contest_entries')
    .select('attempt_id')
    .where('contest_id', '=', contestId)
    .where('attempt_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (!first?.attempt_id) return null;
  const row = await db
    .selectFrom('attempt_questions')
    .select((eb) => eb.fn.sum<number>('marks').as('total'))
    .where('attempt_id', '=', first.attempt_id)
    .executeTakeFirst();
  return row?.total === null || row?.total === undefined ? null : Number(row.total);
}

/**
 * Contests whose attempts may still change the board: published, not final, started, and not long
 * past their end, or past the paper's key release while entrants write with compensatory time (the
 * server submits overdue attempts a little after). Answers each one's paper.
 */
export async function contestsInPlay(db: Executor, now: number, afterEndMs: number): Promise<{ id: string; testId: string }[]> {
  const rows = await db
    .selectFrom('contests')
    .select(['id', 'test_id'])
    .where('status', '=', 'published')
    .where('finalized_at', 'is', null)
    .where('starts_at', '<=', now + afterEndMs)
    .where((eb) =>
      eb.or([
        eb('ends_at', '>', now - afterEndMs),
        eb.exists(eb.selectFrom('tests').select(sql.lit(1).as('one')).whereRef('tests.id', '=', 'contests.test_id').where('tests.key_sealed_until', '>', now - afterEndMs)),
      ]),
    )
    .execute();
  return rows.map((r) => ({ id: r.id, testId: r.test_id }));
}

/** A candidate's contest rating and the contests it comes from, newest first. */
export async function ratingOf(db: Executor, userId: string, limit: number) {
  const [current, history] = await Promise.all([
    db.selectFrom('contest_ratings').select(['rating', 'contests']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('contest_entries as e')
      .innerJoin('contests as c', 'c.id', 'e.contest_id')
      .select((eb) => [
        'c.id',
        'c.slug',
        'c.title',
        'c.ends_at',
        'e.final_rank',
        'e.rating_before',
        'e.rating_after',
        'e.performance',
        eb
          .selectFrom('contest_entries as o')
          .select((o) => o.fn.countAll<number>().as('n'))
          .whereRef('o.contest_id', '=', 'e.contest_id')
          .where('o.rating_after', 'is not', null)
          .as('participants'),
      ])
      .where('e.user_id', '=', userId)
      .where('e.rating_after', 'is not', null)
      .orderBy('c.ends_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { current, history };
}
