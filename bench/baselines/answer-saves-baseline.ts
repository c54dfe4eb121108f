/**
 * Baseline for the answer-saves scenario: bare Fastify + better-sqlite3 taking the same
 * PUT /api/attempts/:id/answers/:questionId body and writing the same attempt_answers row with one
 * single-row upsert guarded by the sequence number (a save not newer than the stored one changes
 * nothing and answers the stored state), answering the same saved state. No sign-in, attempt check,
 * deadline, device, validation, rate limit, hooks or logging; option letters map to bank positions in
 * order (A = 0) instead of through the attempt's shuffle. Runs as its own process, transpiled to plain
 * JS (so keep it self-contained: package imports only). Env: PORT, HOST, DB_FILE.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type AnswerRow = {
  attempt_id: string;
  question_id: string;
  choice: string;
  marked_for_review: number;
  confidence: string | null;
  seq: number;
  saved_at: number;
  time_spent_ms: number;
};
type Body = { optionIds: string[]; markedForReview: boolean; confidence?: string | null; seq: number; timeSpentMs?: number };

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

// The same pragmas the real server sets.
const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');

const upsert = db.prepare<[string, string, string, number, string | null, number, number, number], AnswerRow>(
  `INSERT INTO attempt_answers (attempt_id, question_id, choice, marked_for_review, confidence, seq, saved_at, time_spent_ms)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?)
   ON CONFLICT (attempt_id, question_id) DO UPDATE SET
     choice = excluded.choice, marked_for_review = excluded.marked_for_review, confidence = excluded.confidence,
     seq = excluded.seq, saved_at = excluded.saved_at, time_spent_ms = excluded.time_spent_ms
   WHERE attempt_answers.seq < excluded.seq
   RETURNING *`,
);
const stored = db.prepare<[string, string], AnswerRow>('SELECT * FROM attempt_answers WHERE attempt_id = ? AND question_id = ?');

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

function savedState(row: AnswerRow, applied: boolean) {
  const optionIds = (JSON.parse(row.choice) as number[]).sort((a, b) => a - b).map((p) => LETTERS[p]!);
  const marked = row.marked_for_review === 1;
  const answered = optionIds.length > 0;
  return {
    questionId: row.question_id,
    optionIds,
    markedForReview: marked,
    confidence: row.confidence,
    state: answered ? (marked ? 'answeredMarked' : 'answered') : marked ? 'markedForReview' : 'notAnswered',
    seq: Number(row.seq),
    savedAt: new Date(Number(row.saved_at)).toISOString(),
    applied,
  };
}

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.put<{ Params: { id: string; questionId: string }; Body: Body }>('/api/attempts/:id/answers/:questionId', async (request, reply) => {
  const { id, questionId } = request.params;
  const b = request.body;
  const now = Date.now();
  const positions = b.optionIds.map((letter) => LETTERS.indexOf(letter));
  const written = upsert.get(id, questionId, JSON.stringify(positions), b.markedForReview ? 1 : 0, b.confidence ?? null, b.seq, now, b.timeSpentMs ?? 0);
  const row = written ?? stored.get(id, questionId);
  if (!row) return reply.code(404).send({ message: 'no such attempt' });
  return { data: savedState(row, written !== undefined), serverTime: new Date(now).toISOString() };
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
