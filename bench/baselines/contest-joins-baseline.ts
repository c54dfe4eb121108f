/**
 * Baseline for the contest-joins scenario: bare Fastify + better-sqlite3 taking POST
 * /api/contests/:id/join the way the seat rule is written: in one transaction, the conditional
 * `UPDATE contests SET filled_seats = filled_seats + 1 … WHERE filled_seats < total_seats` and, when
 * it took a seat, the INSERT of the confirmed entry (the unique contest-and-candidate key refuses a
 * second); no seat → why (full, started, cancelled, unknown) and a 409 or 404 in the server's error
 * shape, the transaction rolled back. Answers the contest row mapped to its seats and status. No
 * sign-in (the candidate is the x-user-id header), validation, rate limit, hooks or logging. Also
 * GET /api/contests/:id with the seats, for the read-back. Runs as its own process, transpiled to
 * plain JS (so keep it self-contained: package imports only). Env: PORT, HOST, DB_FILE.
 */
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type ContestRow = { id: string; slug: string; title: string; status: string; starts_at: number; ends_at: number; total_seats: number; filled_seats: number; price_amount: number; cancel_reason: string | null };

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

// The same pragmas the real server sets.
const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');

const takeSeat = db.prepare<[number, string, number]>(
  "UPDATE contests SET filled_seats = filled_seats + 1, updated_at = ? WHERE id = ? AND status = 'published' AND starts_at > ? AND filled_seats < total_seats",
);
const insertEntry = db.prepare<[string, string, string, number, number, number]>(
  "INSERT INTO contest_entries (id, contest_id, user_id, status, joined_at, created_at, updated_at) VALUES (?, ?, ?, 'confirmed', ?, ?, ?)",
);
const contestById = db.prepare<[string], ContestRow>('SELECT id, slug, title, status, starts_at, ends_at, total_seats, filled_seats, price_amount, cancel_reason FROM contests WHERE id = ?');

class Refused extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function statusOf(c: ContestRow, now: number): string {
  if (c.status !== 'published') return c.status;
  return now < c.starts_at ? 'upcoming' : now < c.ends_at ? 'running' : 'ended';
}

const toContest = (c: ContestRow, now: number) => ({
  id: c.id,
  slug: c.slug,
  title: c.title,
  status: statusOf(c, now),
  totalSeats: c.total_seats,
  filledSeats: c.filled_seats,
  isFree: c.price_amount === 0,
  startsAt: new Date(Number(c.starts_at)).toISOString(),
  endsAt: new Date(Number(c.ends_at)).toISOString(),
});

const join = db.transaction((contestId: string, userId: string, now: number) => {
  if (takeSeat.run(now, contestId, now).changes === 0) {
    const c = contestById.get(contestId);
    if (!c || c.status === 'draft') throw new Refused(404, 'NOT_FOUND', 'Contest not found');
    if (c.status === 'cancelled') throw new Refused(409, 'REGISTRATION_CLOSED', `This contest was cancelled: ${c.cancel_reason ?? ''}`);
    if (now >= c.starts_at) throw new Refused(409, 'REGISTRATION_CLOSED', `Registration closed when the contest started at ${new Date(Number(c.starts_at)).toISOString()}`);
    throw new Refused(409, 'CONTEST_FULL', 'Contest is full');
  }
  try {
    insertEntry.run(randomUUID(), contestId, userId, now, now, now);
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new Refused(409, 'ALREADY_JOINED', 'Already joined');
    throw err;
  }
  return contestById.get(contestId)!;
});

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get<{ Params: { id: string } }>('/api/contests/:id', async (request, reply) => {
  const c = contestById.get(request.params.id);
  if (!c) return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Contest not found' });
  return { data: toContest(c, Date.now()) };
});

app.post<{ Params: { id: string } }>('/api/contests/:id/join', async (request, reply) => {
  const userId = request.headers['x-user-id'];
  if (typeof userId !== 'string') return reply.code(401).send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  const now = Date.now();
  try {
    const c = join.immediate(request.params.id, userId, now);
    return { data: { ...toContest(c, now), joinedAt: new Date(now).toISOString() }, payment: null };
  } catch (err) {
    if (err instanceof Refused) return reply.code(err.statusCode).send({ statusCode: err.statusCode, code: err.code, message: err.message });
    throw err;
  }
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => {
      db.close();
      process.exit(0);
    });
  });
}
