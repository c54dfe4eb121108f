/**
 * Baseline for the result scenario: bare Fastify + better-sqlite3 answering GET /api/attempts/:id/result
 * with the same document the server gives for a submitted attempt (score, counts, accuracy, time, per
 * section, category and topic, the confidence report, rank and percentile among the test's ranked
 * attempts), from the same rows: the attempt with its test, its stored answers with their marks, its
 * questions' category and topic, and two counts over attempts_rank_idx. No sign-in, ownership check,
 * validation, hooks or logging. Runs as its own process, transpiled to plain JS (so keep it
 * self-contained: package imports only). Env: PORT, HOST, DB_FILE.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type AttemptRow = {
  id: string;
  test_id: string | null;
  attempt_number: number;
  ranked: number;
  status: string;
  sections: string;
  submitted_at: number | null;
  started_at: number;
  ends_at: number | null;
  locked_sections: number;
  submitted_by: 'candidate' | 'server' | null;
  test_slug: string | null;
  test_title: string | null;
  test_reveal_mode: string | null;
  test_reveal_at: number | null;
  contest_slug: string | null;
};
type AnswerRow = { question_id: string; mark: number | null; outcome: Outcome | null; confidence: string | null; time_spent_ms: number };
type QuestionRow = { id: string; category_path: string | null; topic_slug: string | null; topic_title: string | null };
type Section = { id: string | null; title: string; marks: number; timeLimitMinutes: number | null; questions: { id: string }[] };
type Outcome = 'correct' | 'wrong' | 'partial' | 'unattempted';
type Line = { sectionIndex: number; marks: number; mark: number; outcome: Outcome; confidence: string | null; timeSpentMs: number; categoryPath: string | null; topic: { slug: string; title: string } | null };

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

// The same pragmas the real server sets.
const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const attemptById = db.prepare<[string], AttemptRow>(
  `SELECT a.*, t.slug AS test_slug, t.title AS test_title, t.reveal_mode AS test_reveal_mode, t.reveal_at AS test_reveal_at,
     (SELECT c.slug FROM contests c WHERE c.test_id = a.test_id ORDER BY c.created_at DESC LIMIT 1) AS contest_slug
   FROM attempts a LEFT JOIN tests t ON t.id = a.test_id WHERE a.id = ?`,
);
const answersOf = db.prepare<[string], AnswerRow>('SELECT question_id, mark, outcome, confidence, time_spent_ms FROM attempt_answers WHERE attempt_id = ?');
const questionsOf = db.prepare<[string], QuestionRow>(
  `SELECT q.id, c.path AS category_path, t.slug AS topic_slug, t.title AS topic_title
   FROM questions q LEFT JOIN question_categories c ON c.id = q.category_id LEFT JOIN topics t ON t.id = q.topic_id
   WHERE q.id IN (SELECT question_id FROM attempt_questions WHERE attempt_id = ?)`,
);
const above = db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM attempts WHERE test_id = ? AND ranked = 1 AND score > ?');
const atOrBelow = db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM attempts WHERE test_id = ? AND ranked = 1 AND score <= ?');

const roundMarks = (v: number) => {
  const r = Math.round(v * 10_000) / 10_000;
  return r === 0 ? 0 : r;
};
const round2 = (v: number) => Math.round(v * 100) / 100;

function figures(lines: Line[]) {
  let score = 0;
  let maxScore = 0;
  let marksLost = 0;
  let timeMs = 0;
  const count = { correct: 0, wrong: 0, partial: 0, unattempted: 0 };
  for (const l of lines) {
    score += l.mark;
    maxScore += l.marks;
    if (l.mark < 0) marksLost -= l.mark;
    timeMs += l.timeSpentMs;
    count[l.outcome] += 1;
  }
  const attempted = count.correct + count.wrong + count.partial;
  return {
    score: roundMarks(score),
    maxScore: roundMarks(maxScore),
    ...count,
    accuracy: attempted === 0 ? null : round2((100 * count.correct) / attempted),
    marksLost: roundMarks(marksLost),
    timeSpentSeconds: Math.round(timeMs / 100) / 10,
  };
}

function grouped<K>(lines: Line[], keyOf: (l: Line) => K | null, id: (k: K) => string) {
  const groups = new Map<string, { key: K; lines: Line[] }>();
  for (const l of lines) {
    const key = keyOf(l);
    if (key === null) continue;
    const g = groups.get(id(key)) ?? { key, lines: [] };
    g.lines.push(l);
    groups.set(id(key), g);
  }
  return [...groups.values()].map((g) => ({ key: g.key, figures: figures(g.lines) }));
}

function confidenceReport(lines: Line[]) {
  return (['sure', 'fifty', 'guess', 'none'] as const).map((level) => {
    const own = lines.filter((l) => l.outcome !== 'unattempted' && (l.confidence ?? 'none') === level);
    const gained = own.reduce((s, l) => s + Math.max(0, l.mark), 0);
    const lost = own.reduce((s, l) => s + Math.max(0, -l.mark), 0);
    return {
      level,
      answered: own.length,
      correct: own.filter((l) => l.outcome === 'correct').length,
      wrong: own.filter((l) => l.outcome === 'wrong').length,
      marksGained: roundMarks(gained),
      marksLost: roundMarks(lost),
      net: roundMarks(gained - lost),
    };
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The server's cap on reported time: each locked section's at its window, all of it at the time the attempt was open. */
function cappedTimes(lines: Line[], row: AttemptRow, sections: Section[]): Line[] {
  const closedAt = Number(row.submitted_at);
  const scale = (group: Line[], capMs: number) => {
    const total = group.reduce((sum, l) => sum + l.timeSpentMs, 0);
    const factor = total > capMs ? capMs / total : 1;
    for (const l of group) l.timeSpentMs = Math.floor(l.timeSpentMs * factor);
  };
  const out = lines.map((l) => ({ ...l }));
  if (row.locked_sections === 1) {
    let opensAt = Number(row.started_at);
    sections.forEach((s, index) => {
      const closesAt = opensAt + (s.timeLimitMinutes ?? 0) * 60_000;
      scale(out.filter((l) => l.sectionIndex === index), Math.max(0, Math.min(closesAt, closedAt) - opensAt));
      opensAt = closesAt;
    });
  }
  scale(out, Math.max(0, Math.min(closedAt, row.ends_at === null ? Infinity : Number(row.ends_at)) - Number(row.started_at)));
  return out;
}

function result(row: AttemptRow) {
  const sections = JSON.parse(row.sections) as Section[];
  const answers = new Map(answersOf.all(row.id).map((a) => [a.question_id, a]));
  const questions = new Map(questionsOf.all(row.id).map((q) => [q.id, q]));
  const read: Line[] = sections.flatMap((s, sectionIndex) =>
    s.questions.map((q) => {
      const a = answers.get(q.id);
      const bank = questions.get(q.id);
      return {
        sectionIndex,
        marks: s.marks,
        mark: a?.mark ?? 0,
        outcome: a?.outcome ?? 'unattempted',
        confidence: a?.confidence ?? null,
        timeSpentMs: Number(a?.time_spent_ms ?? 0),
        categoryPath: bank?.category_path ?? null,
        topic: bank?.topic_slug && bank.topic_title ? { slug: bank.topic_slug, title: bank.topic_title } : null,
      };
    }),
  );
  const lines = cappedTimes(read, row, sections);
  const f = figures(lines);
  const ranked = row.ranked === 1 && row.test_id !== null;
  let place: { rank: number; percentile: number; candidates: number } | null = null;
  if (ranked) {
    const a = above.get(row.test_id!, f.score)!.n;
    const b = atOrBelow.get(row.test_id!, f.score)!.n;
    const candidates = a + b;
    place = { rank: a + 1, percentile: candidates === 0 ? 0 : Math.round((1e9 * b) / candidates) / 1e7, candidates };
  }
  const revealAt = row.test_reveal_mode === 'date' && row.test_reveal_at !== null ? Number(row.test_reveal_at) : null;
  return {
    attemptId: row.id,
    test: row.test_id && row.test_slug && row.test_title ? { id: row.test_id, slug: row.test_slug, title: row.test_title, contestSlug: row.contest_slug } : null,
    attemptNumber: row.attempt_number,
    submittedAt: iso(Number(row.submitted_at)),
    submittedBy: row.submitted_by ?? 'server',
    ...f,
    ranked,
    rank: place?.rank ?? null,
    percentile: place?.percentile ?? null,
    candidates: place?.candidates ?? 0,
    sections: grouped(lines, (l) => l.sectionIndex, String).flatMap(({ key, figures: g }) => {
      const s = sections[key]!;
      return s.id === null ? [] : [{ sectionId: s.id, title: s.title, ...g }];
    }),
    topics: [
      ...grouped(lines, (l) => l.categoryPath, (k) => k).map((g) => ({ kind: 'category' as const, name: g.key, slug: null, ...g.figures })),
      ...grouped(lines, (l) => l.topic, (k) => k.slug).map((g) => ({ kind: 'topic' as const, name: g.key.title, slug: g.key.slug, ...g.figures })),
    ],
    confidence: confidenceReport(lines),
    reviewAvailable: row.status === 'submitted' && (revealAt === null || Date.now() >= revealAt),
    revealAt: revealAt === null ? null : iso(revealAt),
  };
}

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get<{ Params: { id: string } }>('/api/attempts/:id/result', async (request, reply) => {
  const row = attemptById.get(request.params.id);
  if (!row || row.status !== 'submitted') return reply.code(404).send({ message: 'no such submitted attempt' });
  return { data: result(row), serverTime: iso(Date.now()) };
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
