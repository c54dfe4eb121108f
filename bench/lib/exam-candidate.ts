/**
 * How a simulated candidate of the exam scenarios answers a paper (`exam-day` in the harness,
 * `national-mock` in its candidate process): the right options recognised by their text whatever
 * letter the shuffle gave them, an answer right with the candidate's ability, a confidence, the order
 * of saves (every question, then some changed), and the check afterwards that every acknowledged
 * save is the attempt's stored answer, on either database.
 */
import type { DbReader } from './database.js';
import type { AttemptQuestion } from './exam-client.js';

/** A question as one candidate sees it: its letters and which of them are right. */
export type Key = { questionId: string; letters: string[]; right: Set<string>; type: AttemptQuestion['type'] };

/** Per question of the test, the HTML of its right options. */
export type Keys = ReadonlyMap<string, ReadonlySet<string>>;

export function keysOf(keys: Keys, questions: AttemptQuestion[]): Key[] {
  return questions.map((q) => {
    const right = keys.get(q.questionId) ?? new Set<string>();
    return { questionId: q.questionId, type: q.type, letters: q.options.map((o) => o.id), right: new Set(q.options.filter((o) => right.has(o.html)).map((o) => o.id)) };
  });
}

/** A candidate's answer: right with the candidate's ability, otherwise another option (or set). */
export function answer(key: Key, ability: number, rnd: () => number): string[] {
  const right = [...key.right].sort();
  if (rnd() < ability && right.length > 0) return right;
  const wrong = key.letters.filter((l) => !key.right.has(l));
  const pick = (from: string[]) => from[Math.floor(rnd() * from.length)]!;
  if (key.type !== 'multiple' || wrong.length === 0) return [pick(wrong.length ? wrong : key.letters)];
  // A multiple-answer question answered wrongly: one right and one wrong option, or a wrong one alone.
  return (right.length && rnd() < 0.5 ? [pick(right), pick(wrong)] : [pick(wrong)]).sort();
}

export function confidence(correct: boolean, rnd: () => number): 'sure' | 'fifty' | 'guess' | null {
  const r = rnd();
  if (r < 0.15) return null;
  const weights = correct ? [0.6, 0.3] : [0.2, 0.4];
  const x = rnd();
  return x < weights[0]! ? 'sure' : x < weights[0]! + weights[1]! ? 'fifty' : 'guess';
}

/** The order of a candidate's saves: every question in paper order, then `revisits` chosen at random. */
export function saveOrder(keys: Key[], revisits: number, rnd: () => number): Key[] {
  return [...keys, ...Array.from({ length: revisits }, () => keys[Math.floor(rnd() * keys.length)]!)];
}

/** The body of the save of `key` with sequence number `seq`, after `thinkMs` of a compressed paper (`stretch` × real time). */
export function saveBody(key: Key, ability: number, rnd: () => number, seq: number, thinkMs: number, stretch: number) {
  const optionIds = answer(key, ability, rnd);
  return {
    optionIds,
    markedForReview: rnd() < 0.08,
    confidence: confidence(optionIds.join() === [...key.right].sort().join(), rnd),
    seq,
    timeSpentMs: Math.round(thinkMs * stretch),
  };
}

/** Per attempt and question: the seq the server acknowledged last, and the highest seq sent. */
export type Acked = Map<string, Map<string, { acked: number; sent: number }>>;

export type AnswerCheck = { attempts: number; submitted: number; answerRows: number; ackedSaves: number; lost: number; unknown: number; unmarked: number; examples: string[] };

/**
 * Compares the database with what the server acknowledged: per attempt and question the stored seq
 * must be the last acknowledged one (or a later one that was sent), every stored answer marked, and
 * every attempt of the test submitted by its candidate with a score.
 */
export async function verifyAnswers(reader: DbReader, testId: string, acked: Acked): Promise<AnswerCheck> {
  const attempts = await reader.all<{ id: string; status: string; submitted_by: string | null; score: number | string | null }>(
    "SELECT id, status, submitted_by, score FROM attempts WHERE test_id = ? AND behaviour = 'timed'",
    [testId],
  );
  const rows = await reader.all<{ attempt_id: string; question_id: string; seq: number | string; outcome: string | null }>(
    'SELECT a.attempt_id, a.question_id, a.seq, a.outcome FROM attempt_answers a JOIN attempts t ON t.id = a.attempt_id WHERE t.test_id = ?',
    [testId],
  );
  const stored = new Map<string, { seq: number; outcome: string | null }>(rows.map((r) => [`${r.attempt_id}/${r.question_id}`, { seq: Number(r.seq), outcome: r.outcome }]));
  const out: AnswerCheck = { attempts: attempts.length, submitted: 0, answerRows: rows.length, ackedSaves: 0, lost: 0, unknown: 0, unmarked: 0, examples: [] };
  for (const [attemptId, questions] of acked) {
    for (const [questionId, { acked: seq, sent }] of questions) {
      if (seq === 0) continue;
      out.ackedSaves += 1;
      const row = stored.get(`${attemptId}/${questionId}`);
      // A later save whose answer never arrived (an error) may be stored: it was sent, so it is not lost.
      if (!row || row.seq < seq) {
        out.lost += 1;
        if (out.examples.length < 3) out.examples.push(`${attemptId}/${questionId}: acknowledged seq ${seq}, stored ${row ? `seq ${row.seq}` : 'nothing'}`);
      } else if (row.seq > sent) out.unknown += 1;
      else if (row.outcome === null) out.unmarked += 1;
    }
  }
  out.submitted = attempts.filter((a) => a.status === 'submitted' && a.submitted_by === 'candidate' && a.score !== null).length;
  return out;
}
