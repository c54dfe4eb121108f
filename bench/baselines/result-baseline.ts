/**
 * Baseline for the result scenario: bare Fastify + better-sqlite3 answering GET /api/attempts/:id/result
 * with the same document the server gives for a submitted attempt (score, counts, accuracy, time taken
 * and spent, per section with whether it was reached, its cut-off and the ranked candidates' top and
 * average, what was not reached, category and topic over what was, the confidence report, rank, the
 * percentile once enough candidates are ranked, the paper's cut-off and the top and average score,
 * whether the result is provisional, and when the review opens), from the same rows: the attempt with
 * its test, its stored answers with their marks, its questions' category and topic, two counts over
 * attempts_rank_idx, the ranked scores' top and average, the sections' (kept per test while the
 * ranked count, top and average stand, as the server keeps them), and the key rule's reads (tests
 * whose key is not released yet, the candidate's open attempts sharing a question). No sign-in,
 * ownership check, validation, hooks or logging. Runs as its own process, transpiled to plain JS (so
 * keep it self-contained: package imports only). Env: PORT, HOST, DB_FILE.
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
  test_languages: string | null;
  test_reveal_mode: string | null;
  test_reveal_at: number | null;
  test_key_sealed_until: number | null;
  test_cut_off: number | null;
  contest_slug: string | null;
  user_id: string;
};
type AnswerRow = { question_id: string; mark: number | null; outcome: Outcome | null; confidence: string | null; time_spent_ms: number };
type QuestionRow = { id: string; category_path: string | null; topic_slug: string | null; topic_title: string | null };
type Section = { id: string | null; title: string; marks: number; timeLimitMinutes: number | null; questions: { id: string }[] };
type SealedRow = { id: string; status: string; key_sealed_until: number | null; reveal_mode: string; reveal_at: number | null; blueprint: number };
type Stand = { topper: number; average: number };
type Outcome = 'correct' | 'wrong' | 'partial' | 'unattempted';
type Line = { sectionIndex: number; marks: number; mark: number; outcome: Outcome; confidence: string | null; timeSpentMs: number; categoryPath: string | null; topic: { slug: string; title: string } | null };

/** The server's defaults, which the bench runs it with: a percentile from 30 ranked candidates, a 24-hour challenge window. */
const PERCENTILE_FROM = 30;
const CHALLENGE_WINDOW_MS = 24 * 3_600_000;

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

// The same pragmas the real server sets.
const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const attemptById = db.prepare<[string], AttemptRow>(
  `SELECT a.*, t.slug AS test_slug, t.title AS test_title, t.languages AS test_languages, t.reveal_mode AS test_reveal_mode, t.reveal_at AS test_reveal_at,
     t.key_sealed_until AS test_key_sealed_until, t.cut_off AS test_cut_off,
     (SELECT c.slug FROM contests c WHERE c.test_id = a.test_id ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS contest_slug
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
const scoreSummary = db.prepare<[string], { top: number | null; average: number | null }>('SELECT max(score) AS top, avg(score) AS average FROM attempts WHERE test_id = ? AND ranked = 1 AND score IS NOT NULL');
const sectionScores = db.prepare<[string], { section_index: number; top: number; average: number }>(
  `SELECT s.section_index, max(s.total) AS top, avg(s.total) AS average FROM (
     SELECT aq.attempt_id, aq.section_index, sum(coalesce(aa.mark, 0)) AS total
     FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id
     LEFT JOIN attempt_answers aa ON aa.attempt_id = aq.attempt_id AND aa.question_id = aq.question_id
     WHERE a.test_id = ? AND a.ranked = 1 AND a.status = 'submitted'
     GROUP BY aq.attempt_id, aq.section_index
   ) s GROUP BY s.section_index ORDER BY s.section_index`,
);
const sectionCutOffs = db.prepare<[string], { id: string; cut_off: number }>('SELECT id, cut_off FROM test_sections WHERE test_id = ? AND cut_off IS NOT NULL');
const sealedTests = db.prepare<[number, number], SealedRow>(
  `SELECT t.id, t.status, t.key_sealed_until, t.reveal_mode, t.reveal_at,
     EXISTS (SELECT 1 FROM test_sections s JOIN test_section_rules r ON r.section_id = s.id WHERE s.test_id = t.id) AS blueprint
   FROM tests t WHERE t.key_sealed_until > ? OR (t.reveal_mode = 'date' AND t.reveal_at > ?)`,
);
const openAttemptSharing = db.prepare<[string, string], { one: number }>(
  `SELECT 1 AS one FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id
   WHERE a.user_id = ? AND a.behaviour = 'timed' AND a.status = 'open'
     AND aq.question_id IN (SELECT question_id FROM attempt_questions WHERE attempt_id = ?) LIMIT 1`,
);
/** The tests among `ids` listing (fixed sections) or drawing (attempts) one of the attempt's questions. */
const sharing = (ids: string[], attemptId: string, from: 'listed' | 'drawn'): string[] => {
  if (ids.length === 0) return [];
  const marks = ids.map(() => '?').join(', ');
  const sql =
    from === 'listed'
      ? `SELECT DISTINCT s.test_id FROM test_sections s JOIN test_section_questions q ON q.section_id = s.id WHERE s.test_id IN (${marks}) AND q.question_id IN (SELECT question_id FROM attempt_questions WHERE attempt_id = ?)`
      : `SELECT DISTINCT a.test_id FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id WHERE a.test_id IN (${marks}) AND a.behaviour = 'timed' AND aq.question_id IN (SELECT question_id FROM attempt_questions WHERE attempt_id = ?)`;
  return db.prepare<string[], { test_id: string }>(sql).all(...ids, attemptId).map((r) => r.test_id);
};

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
const num = (v: number | null) => (v === null ? null : Number(v));

/** Per section index, the ranked candidates' top and average section score, kept per test while its ranked count, top and average stand. */
const keptStands = new Map<string, { key: string; bySection: Map<number, Stand> }>();
function sectionStands(testId: string, key: string): Map<number, Stand> {
  const hit = keptStands.get(testId);
  if (hit?.key === key) return hit.bySection;
  const bySection = new Map(sectionScores.all(testId).map((r) => [Number(r.section_index), { topper: roundMarks(Number(r.top)), average: round2(Number(r.average)) }]));
  keptStands.set(testId, { key, bySection });
  return bySection;
}

/** When a key is released: the later of a contest's seal and a reveal date. */
const releaseOf = (sealedUntil: number | null, revealMode: string | null, revealAt: number | null) => Math.max(sealedUntil ?? 0, revealMode === 'date' ? (revealAt ?? 0) : 0);

/** The key rule for the review: the test's own release, and no question's key withheld elsewhere (another paper's seal, the candidate's open attempt). */
function reviewOpening(row: AttemptRow, own: number, now: number): { available: boolean; revealAt: number | null } {
  if (openAttemptSharing.get(row.user_id, row.id)) return { available: false, revealAt: null };
  const sealed = sealedTests.all(now, now).filter((t) => t.id !== row.test_id);
  const release = new Map(sealed.map((t) => [t.id, releaseOf(num(t.key_sealed_until), t.reveal_mode, num(t.reveal_at))]));
  const waiting = [
    ...sharing(sealed.filter((t) => t.status === 'published' || t.key_sealed_until !== null).map((t) => t.id), row.id, 'listed'),
    ...sharing(sealed.filter((t) => t.blueprint === 1 || t.status !== 'published').map((t) => t.id), row.id, 'drawn'),
  ].map((id) => release.get(id)!);
  if (own <= now && waiting.length === 0) return { available: true, revealAt: own > 0 ? own : null };
  return { available: false, revealAt: Math.max(own, ...waiting) };
}

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
  const startedAt = Number(row.started_at);
  const submittedAt = Number(row.submitted_at);
  const endsAt = num(row.ends_at);
  // A locked section opens when the one before it closes; one opening after the submission was never reached.
  let closesAt = startedAt;
  const opens = sections.map((s) => {
    const opensAt = closesAt;
    closesAt += (s.timeLimitMinutes ?? 0) * 60_000;
    return opensAt;
  });
  const reached = (index: number) => row.locked_sections !== 1 || opens[index]! < submittedAt;
  const seen = lines.filter((l) => reached(l.sectionIndex));
  const paper = row.test_id !== null && row.test_slug !== null;
  const sealedUntil = paper ? num(row.test_key_sealed_until) : null;
  const now = Date.now();
  const running = sealedUntil !== null && now < sealedUntil;
  const ranked = row.ranked === 1 && row.test_id !== null;
  let place: { rank: number; percentile: number | null; candidates: number } | null = null;
  let comparison: Stand | null = null;
  let stands: Map<number, Stand> | null = null;
  if (ranked) {
    const a = above.get(row.test_id!, f.score)!.n;
    const b = atOrBelow.get(row.test_id!, f.score)!.n;
    const candidates = a + b;
    place = { rank: a + 1, percentile: candidates >= PERCENTILE_FROM ? (candidates === 0 ? 0 : Math.round((1e9 * b) / candidates) / 1e7) : null, candidates };
    const scores = running ? null : scoreSummary.get(row.test_id!)!;
    if (scores && scores.top !== null && scores.average !== null) {
      comparison = { topper: Number(scores.top), average: round2(Number(scores.average)) };
      stands = sectionStands(row.test_id!, `${candidates}:${Number(scores.top)}:${Number(scores.average)}`);
    }
  }
  const cutOffs = new Map(paper ? sectionCutOffs.all(row.test_id!).map((c) => [c.id, Number(c.cut_off)]) : []);
  const own = paper ? releaseOf(sealedUntil, row.test_reveal_mode, num(row.test_reveal_at)) : 0;
  const review = reviewOpening(row, own, now);
  return {
    attemptId: row.id,
    test: row.test_id && row.test_slug && row.test_title ? { id: row.test_id, slug: row.test_slug, title: row.test_title, contestSlug: row.contest_slug, languages: JSON.parse(row.test_languages ?? '["en"]') as string[] } : null,
    attemptNumber: row.attempt_number,
    submittedAt: iso(submittedAt),
    submittedBy: row.submitted_by ?? 'server',
    ...f,
    timeTakenSeconds: Math.round(Math.max(0, Math.min(submittedAt, endsAt ?? Infinity) - startedAt) / 1000),
    ranked,
    rank: place?.rank ?? null,
    percentile: place?.percentile ?? null,
    candidates: place?.candidates ?? 0,
    percentileFrom: PERCENTILE_FROM,
    comparison,
    cutOff: paper ? num(row.test_cut_off) : null,
    provisional: sealedUntil !== null && now < sealedUntil + CHALLENGE_WINDOW_MS,
    sections: grouped(lines, (l) => l.sectionIndex, String).flatMap(({ key, figures: g }) => {
      const s = sections[key]!;
      return s.id === null ? [] : [{ sectionId: s.id, title: s.title, reached: reached(key), ...g, comparison: stands?.get(key) ?? null, cutOff: cutOffs.get(s.id) ?? null }];
    }),
    notReached: { sections: sections.filter((_, i) => !reached(i)).length, questions: lines.length - seen.length },
    topics: [
      ...grouped(seen, (l) => l.categoryPath, (k) => k).map((g) => ({ kind: 'category' as const, name: g.key, slug: null, ...g.figures })),
      ...grouped(seen, (l) => l.topic, (k) => k.slug).map((g) => ({ kind: 'topic' as const, name: g.key.title, slug: g.key.slug, ...g.figures })),
    ],
    confidence: confidenceReport(lines),
    reviewAvailable: review.available,
    revealAt: review.revealAt === null ? null : iso(review.revealAt),
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
