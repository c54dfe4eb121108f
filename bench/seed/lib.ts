/**
 * What the bench's seeding scripts share. These scripts run the server's own code (its configuration,
 * services and repositories) as a separate process against the running server's database, with the
 * server's environment (DATABASE_URL, DATA_DIR: the same JWT secret), the way `questions:import` runs
 * beside a server. They only create what a scenario needs faster than the HTTP API could: the API
 * signs accounts up with an argon2 hash each (about 60–100 ms of CPU), which for thousands of
 * candidates would take minutes.
 */
import { loadConfig } from '../../apps/server/src/config.js';
import { createDb, type Db, type DbHandle } from '../../apps/server/src/db/index.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { hashPassword, createTokenService } from '../../apps/server/src/modules/auth/auth.seeding.js';
import { type NewAttempt, optionOrder } from '../../apps/server/src/modules/attempts/attempts.seeding.js';
import type { DeliveryQuestion } from '../../apps/server/src/modules/questions/questions.service.js';
import type { TestForAttempt } from '../../apps/server/src/modules/papers/papers.service.js';
import { createUser } from '../../apps/server/src/modules/users/users.service.js';

export const CANDIDATE_PASSWORD = 'practice123';

export type SeededCandidate = { userId: string; email: string; token: string };

/** The server's configuration and a connection to its database. */
export function openServerDb(): { config: ReturnType<typeof loadConfig>; handle: DbHandle } {
  const config = loadConfig(process.env);
  return { config, handle: createDb(config.db) };
}

/** Accounts created per transaction, and transactions at once (PostgreSQL's waits overlap; SQLite takes them one at a time). */
const ACCOUNTS_PER_TRANSACTION = 1000;
const WRITERS = 3;

/**
 * Creates `count` candidate accounts (`bench-<prefix>-<n>@abhyas.test`) through the users service, in
 * transactions of 1,000, all with one argon2 hash of the same password (each account can still sign
 * in with it), and signs each in with the server's token service: the bearer tokens the API would
 * issue. Named `Bench candidate <n>` unless `name` says otherwise.
 */
export async function seedCandidates(
  db: Db,
  jwt: { secret: string; ttlMs: number },
  prefix: string,
  count: number,
  name: (n: number) => string = (n) => `Bench candidate ${n}`,
): Promise<SeededCandidate[]> {
  const passwordHash = await hashPassword(CANDIDATE_PASSWORD);
  const tokens = createTokenService(jwt.secret, jwt.ttlMs, systemClock.now);
  const create = (first: number, last: number) =>
    db.transaction().execute(async (trx) => {
      const out: SeededCandidate[] = [];
      for (let n = first; n <= last; n++) {
        const email = `bench-${prefix}-${n}@abhyas.test`;
        const user = await createUser({ db: trx, clock: systemClock }, { email, name: name(n), role: 'candidate', passwordHash });
        if (!user) throw new Error(`${email} exists already`);
        out.push({ userId: user.id, email, token: tokens.sign(user.id, user.token_version) });
      }
      return out;
    });
  const chunks: SeededCandidate[][] = [];
  for (let first = 1; first <= count; first += ACCOUNTS_PER_TRANSACTION * WRITERS) {
    const starts = Array.from({ length: WRITERS }, (_, i) => first + i * ACCOUNTS_PER_TRANSACTION).filter((n) => n <= count);
    chunks.push(...(await Promise.all(starts.map((n) => create(n, Math.min(count, n + ACCOUNTS_PER_TRANSACTION - 1))))));
  }
  return chunks.flat();
}

/** `--name value` pairs from the command line. */
export function args(): Map<string, string> {
  const out = new Map<string, string>();
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) out.set(argv[i]!.replace(/^--/, ''), argv[i + 1] ?? '');
  return out;
}

type LaidOutSection = {
  id: string;
  title: string;
  marks: number;
  negativeMarks: number;
  timeLimitMinutes: number | null;
  questions: { id: string; version: number; type: DeliveryQuestion['type']; order: number[] }[];
};

/**
 * An attempt's layout as the attempt engine stores it: the test's sections, each question with the
 * option order the attempt's seed gives it (`sections`, the attempts row's JSON), and one
 * attempt_questions row per question in paper order (`rows`).
 */
export function attemptLayout(test: TestForAttempt, questions: Map<string, DeliveryQuestion>, attemptId: string, seed: string) {
  const sections: LaidOutSection[] = test.sections.map((s) => ({
    id: s.id,
    title: s.title,
    marks: s.marks,
    negativeMarks: s.negativeMarks,
    timeLimitMinutes: s.timeLimitMinutes,
    questions: s.questionIds.map((qid) => {
      const q = questions.get(qid)!;
      return { id: qid, version: q.version, type: q.type, order: optionOrder(seed, { id: qid, type: q.type, optionCount: q.options.length, shuffleOptions: q.shuffleOptions }, test.shuffleOptions) };
    }),
  }));
  const layout = sections.flatMap((section, sectionIndex) => section.questions.map((q) => ({ q, sectionIndex, section })));
  const rows = layout.map(({ q, sectionIndex, section }, position) => ({
    attempt_id: attemptId,
    position,
    question_id: q.id,
    question_version: q.version,
    section_index: sectionIndex,
    option_order: JSON.stringify(q.order),
    marks: section.marks,
    negative_marks: section.negativeMarks,
  }));
  return { sections, layout, rows };
}

/**
 * The attempts row of a candidate's first (ranked) timed attempt at the test, as the engine inserts
 * it: open, or submitted by the candidate when `submittedAt` is set (its score written afterwards).
 */
export function firstAttemptRow(
  test: TestForAttempt,
  p: { id: string; userId: string; seed: string; sections: LaidOutSection[]; startedAt: number; endsAt: number; lastSeq: number; submittedAt: number | null },
): NewAttempt {
  return {
    id: p.id,
    user_id: p.userId,
    behaviour: 'timed',
    test_id: test.id,
    source: 'test',
    label: test.title,
    attempt_number: 1,
    ranked: 1,
    status: p.submittedAt === null ? 'open' : 'submitted',
    seed: p.seed,
    sections: JSON.stringify(p.sections),
    locked_sections: 0,
    marked_answered_counts: test.markedAnsweredCounts ? 1 : 0,
    grace_ms: test.graceSeconds * 1000,
    started_at: p.startedAt,
    ends_at: p.endsAt,
    device_id: null,
    last_seq: p.lastSeq,
    submitted_at: p.submittedAt,
    submitted_by: p.submittedAt === null ? null : 'candidate',
    created_at: p.startedAt,
  };
}
