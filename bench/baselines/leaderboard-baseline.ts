/**
 * Baseline for the leaderboard scenario: bare Fastify answering GET /api/contests/:id/leaderboard
 * from a page computed once at start from a copy of the database: the contest's confirmed entries,
 * their attempts and names, ordered by the board's rule (submitted first by score, then time taken,
 * then the earlier submission, then entry id; then those playing by answers saved; then those not
 * started), the first `limit` rows and every participant's own row kept in memory. Per request it
 * only picks the caller's row (x-user-id header) and serializes the page. No sign-in, validation,
 * hooks or logging. Runs as its own process, transpiled to plain JS (so keep it self-contained:
 * package imports only). Env: PORT, HOST, DB_FILE, CONTEST_ID.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type Entry = {
  entry_id: string;
  user_id: string;
  name: string;
  attempt_status: 'open' | 'submitted' | null;
  started_at: number | null;
  submitted_at: number | null;
  score: number | null;
  answered: number;
};

type Row = {
  rank: number;
  name: string;
  score: number | null;
  maxScore: number;
  answered: number;
  timeTakenMs: number | null;
  submittedAt: string | null;
  state: 'notStarted' | 'playing' | 'submitted';
  isMe: boolean;
  prize: null;
  ratingBefore: null;
  ratingAfter: null;
};

const dbFile = process.env.DB_FILE;
const contestId = process.env.CONTEST_ID;
if (!dbFile || !contestId) throw new Error('DB_FILE and CONTEST_ID are required');

const db = new Database(dbFile, { readonly: true, fileMustExist: true });
const contest = db.prepare<[string], { test_id: string; finalized_at: number | null }>('SELECT test_id, finalized_at FROM contests WHERE id = ?').get(contestId);
if (!contest) throw new Error(`no contest ${contestId}`);
const maxScore = Number(
  db
    .prepare<[string], { max: number | null }>('SELECT sum(s.marks) AS max FROM test_sections s JOIN test_section_questions q ON q.section_id = s.id WHERE s.test_id = ?')
    .get(contest.test_id)?.max ?? 0,
);
const entries = db
  .prepare<[string], Entry>(
    `SELECT e.id AS entry_id, e.user_id, u.name, a.status AS attempt_status, a.started_at, a.submitted_at, a.score,
       (SELECT count(*) FROM attempt_answers x WHERE x.attempt_id = a.id AND x.choice <> '[]') AS answered
     FROM contest_entries e JOIN users u ON u.id = e.user_id LEFT JOIN attempts a ON a.id = e.attempt_id
     WHERE e.contest_id = ? AND e.status = 'confirmed'`,
  )
  .all(contestId);
db.close();

const stateOf = (e: Entry): Row['state'] => (e.attempt_status === 'submitted' ? 'submitted' : e.attempt_status === 'open' ? 'playing' : 'notStarted');
const ORDER = { submitted: 0, playing: 1, notStarted: 2 } as const;
const taken = (e: Entry) => Number(e.submitted_at) - Number(e.started_at);
entries.sort((x, y) => {
  const sx = stateOf(x);
  const sy = stateOf(y);
  if (sx !== sy) return ORDER[sx] - ORDER[sy];
  if (sx === 'submitted') {
    return Number(y.score) - Number(x.score) || taken(x) - taken(y) || Number(x.submitted_at) - Number(y.submitted_at) || (x.entry_id < y.entry_id ? -1 : x.entry_id > y.entry_id ? 1 : 0);
  }
  if (sx === 'playing' && x.answered !== y.answered) return y.answered - x.answered;
  return x.entry_id < y.entry_id ? -1 : x.entry_id > y.entry_id ? 1 : 0;
});

const rows: Row[] = entries.map((e, i) => {
  const state = stateOf(e);
  const done = state === 'submitted';
  return {
    rank: i + 1,
    name: e.name,
    score: done ? Number(e.score) : null,
    maxScore,
    answered: Number(e.answered),
    timeTakenMs: done ? taken(e) : null,
    submittedAt: done ? new Date(Number(e.submitted_at)).toISOString() : null,
    state,
    isMe: false,
    prize: null,
    ratingBefore: null,
    ratingAfter: null,
  };
});
const byUser = new Map(entries.map((e, i) => [e.user_id, rows[i]!]));
const updatedAt = new Date().toISOString();
const RULE = 'Higher score first; on equal scores, the shorter time taken; then the earlier submission.';

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get<{ Params: { id: string }; Querystring: { offset?: string; limit?: string } }>('/api/contests/:id/leaderboard', async (request, reply) => {
  if (request.params.id !== contestId) return reply.code(404).send({ message: 'Contest not found' });
  const offset = Number(request.query.offset ?? 0);
  const limit = Number(request.query.limit ?? 50);
  const caller = request.headers['x-user-id'];
  const mine = typeof caller === 'string' ? byUser.get(caller) : undefined;
  const me = mine ? { ...mine, isMe: true } : null;
  const page = rows.slice(offset, offset + limit).map((r) => (mine && r.rank === mine.rank ? me! : r));
  return {
    data: { contestId, status: contest.finalized_at ? 'final' : 'running', frozen: false, frozenAt: null, total: rows.length, offset, rows: page, me, rule: RULE, updatedAt },
  };
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => process.exit(0));
  });
}
