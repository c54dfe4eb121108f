import type { Client } from 'autocannon';
import { isDeepStrictEqual } from 'node:util';
import { pool } from '../lib/content-setup.js';
import { candidateHeaders, cyclingChoice, HttpClient, readAttempt, startAttempt, type AttemptQuestion } from '../lib/exam-client.js';
import { EXAM_QUESTIONS, ensureExamTest } from '../lib/exam-setup.js';
import { abRows, maxValue, minRatio, minValue, runAB, type Scenario } from '../lib/scenario.js';
import { seedCandidates } from '../lib/seed.js';
import { HarnessError } from '../lib/server.js';

/**
 * PUT /api/attempts/:id/answers/:questionId from 100 candidates at once, each its own signed-in user
 * with its own open attempt of a 100-question test, each connection one candidate saving question
 * after question with an increasing sequence number (every question is saved again and again, as a
 * candidate changing answers does). Every save the server acknowledged must be found afterwards.
 */

const CANDIDATES = 100;
const SLUG = 'bench-answer-saves';

/** One candidate's stream of saves on one side (the server or the baseline). */
type Lane = {
  attemptId: string;
  headers: Record<string, string>;
  questions: AttemptQuestion[];
  /** Saves built so far: also the last sequence number used. */
  n: number;
  /** Highest sequence number sent per question. */
  sent: Map<string, number>;
  /** Per question, the last save acknowledged (200, applied) and what it chose. */
  acked: Map<string, { seq: number; optionIds: string[] }>;
  pending: { questionId: string; seq: number; optionIds: string[] } | null;
  /** Answers that were 200 but not the save sent (another seq or applied: false). */
  odd: number;
};

function nextSave(lane: Lane): { path: string; body: string } {
  lane.n += 1;
  const q = lane.questions[(lane.n - 1) % lane.questions.length]!;
  const choice = cyclingChoice(q, lane.n);
  lane.pending = { questionId: q.questionId, seq: lane.n, optionIds: choice.optionIds };
  lane.sent.set(q.questionId, lane.n);
  return { path: `/api/attempts/${lane.attemptId}/answers/${q.questionId}`, body: JSON.stringify({ ...choice, seq: lane.n }) };
}

function acknowledge(lane: Lane, status: number, body: string): void {
  const pending = lane.pending;
  lane.pending = null;
  if (status !== 200 || !pending) return;
  const data = (JSON.parse(body) as { data?: { questionId?: string; seq?: number; applied?: boolean } }).data;
  if (data?.questionId !== pending.questionId || data.seq !== pending.seq || data.applied !== true) {
    lane.odd += 1;
    return;
  }
  lane.acked.set(pending.questionId, { seq: pending.seq, optionIds: pending.optionIds });
}

/** Each connection of a run takes the next candidate's lane; a run's connections cover every lane once. */
function laneClients(lanes: Lane[]): (client: Client) => void {
  let next = 0;
  return (client) => {
    const lane = lanes[next++ % lanes.length]!;
    client.setRequests([
      {
        method: 'PUT',
        headers: { ...lane.headers, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, ...nextSave(lane) }),
        onResponse: (status, body) => acknowledge(lane, status, body),
      },
    ]);
  };
}

const newLane = (attemptId: string, headers: Record<string, string>, questions: AttemptQuestion[]): Lane => ({
  attemptId,
  headers,
  questions,
  n: 0,
  sent: new Map(),
  acked: new Map(),
  pending: null,
  odd: 0,
});

async function saveOnce(baseUrl: string, lane: Lane): Promise<unknown> {
  const { path, body } = nextSave(lane);
  const res = await fetch(baseUrl + path, { method: 'PUT', headers: { ...lane.headers, 'content-type': 'application/json' }, body });
  const text = await res.text();
  if (res.status !== 200) throw new HarnessError(`PUT ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  acknowledge(lane, res.status, text);
  return JSON.parse(text);
}

const answerSaves: Scenario = {
  name: 'answer-saves',
  title: `PUT /api/attempts/:id/answers/:questionId from ${CANDIDATES} candidates at once vs bare Fastify + better-sqlite3 single-row upsert`,
  async run(ctx) {
    const test = await ensureExamTest(ctx, SLUG);
    const seeded = await seedCandidates(ctx, 'saves', CANDIDATES);
    ctx.log(`setup: ${CANDIDATES} candidate accounts signed in through the server's users and token services in ${Math.round(seeded.wallMs)} ms`);

    const http = new HttpClient(ctx.server.baseUrl, 8);
    const lanes: Lane[] = new Array<Lane>(CANDIDATES);
    const started = performance.now();
    try {
      await pool(
        seeded.candidates.map((c, i) => async () => {
          const headers = candidateHeaders(c, `bench-saves-${i + 1}`);
          const { attempt, reply } = await startAttempt(http, test.slug, headers);
          if (reply.status !== 201 || attempt.questions.length !== EXAM_QUESTIONS) throw new HarnessError(`starting an attempt answered ${reply.status} with ${attempt.questions.length} questions`);
          lanes[i] = newLane(attempt.id, headers, attempt.questions);
        }),
        8,
      );
    } finally {
      http.close();
    }
    ctx.log(`setup: ${CANDIDATES} attempts started through POST /api/tests/${test.slug}/attempts in ${Math.round(performance.now() - started)} ms`);

    // The baseline writes the same rows into a copy of the database holding the same attempts.
    const dbCopy = await ctx.snapshotDb('answer-saves');
    const bareLanes = lanes.map((l) => newLane(l.attemptId, {}, l.questions));
    const path = '/api/attempts/:id/answers/:questionId';
    const ab = await runAB(ctx, {
      baseline: { file: 'answer-saves-baseline.ts', env: { DB_FILE: dbCopy }, load: { path, method: 'PUT', connections: CANDIDATES, setupClient: laneClients(bareLanes) } },
      subject: { load: { path, method: 'PUT', connections: CANDIDATES, setupClient: laneClients(lanes) } },
      // Both sides must answer the same saved state for the same save.
      check: async (baselineUrl) => {
        const strip = (v: unknown) => {
          const { data, serverTime } = v as { data: Record<string, unknown>; serverTime?: unknown };
          if (typeof serverTime !== 'string') throw new HarnessError(`a save answered no serverTime: ${JSON.stringify(v)}`);
          const { savedAt, ...rest } = data;
          if (typeof savedAt !== 'string') throw new HarnessError(`a save answered no savedAt: ${JSON.stringify(v)}`);
          return rest;
        };
        const [real, bare] = [strip(await saveOnce(ctx.server.baseUrl, lanes[0]!)), strip(await saveOnce(baselineUrl, bareLanes[0]!))];
        if (!isDeepStrictEqual(real, bare)) throw new HarnessError(`baseline answers differently:\n  real ${JSON.stringify(real)}\n  bare ${JSON.stringify(bare)}`);
      },
    });

    // Every acknowledged save must be stored: the attempt read back through the API has, per question,
    // the acknowledged save or a later one that was sent (a save in flight when a run stopped may be
    // stored without its answer having been counted).
    const reader = new HttpClient(ctx.server.baseUrl, 8);
    let acked = 0;
    let lost = 0;
    let unknown = 0;
    const examples: string[] = [];
    try {
      await pool(
        lanes.map((lane) => async () => {
          const attempt = await readAttempt(reader, lane.attemptId, lane.headers);
          const stored = new Map(attempt.answers.map((a) => [a.questionId, a]));
          for (const [questionId, ack] of lane.acked) {
            acked += 1;
            const row = stored.get(questionId);
            const ok = row !== undefined && (row.seq > ack.seq || (row.seq === ack.seq && isDeepStrictEqual(row.optionIds, ack.optionIds)));
            if (!ok) {
              lost += 1;
              if (examples.length < 3) examples.push(`${lane.attemptId}/${questionId}: acknowledged seq ${ack.seq} ${JSON.stringify(ack.optionIds)}, stored ${row ? `seq ${row.seq} ${JSON.stringify(row.optionIds)}` : 'nothing'}`);
            } else if (row.seq > (lane.sent.get(questionId) ?? 0)) {
              unknown += 1;
            }
          }
        }),
        8,
      );
    } finally {
      reader.close();
    }
    const odd = lanes.reduce((s, l) => s + l.odd, 0);
    const saves = lanes.reduce((s, l) => s + l.n, 0);

    return {
      rows: abRows(ab),
      targets: [
        minValue('saves/s', ab.subject.reqPerSec, 5_000, 'saves/s'),
        maxValue('p99 latency', ab.subject.p99Ms, 50, 'ms'),
        minRatio(ab.subject, ab.baseline, 0.5),
        {
          name: 'acknowledged saves found afterwards',
          target: 'all (last per question, read back through GET /api/attempts/:id)',
          actual: `${(acked - lost).toLocaleString('en-US')} of ${acked.toLocaleString('en-US')}${examples.length ? `; e.g. ${examples.join('; ')}` : ''}`,
          pass: lost === 0 && unknown === 0 && odd === 0,
        },
      ],
      notes: [
        `${CANDIDATES} candidates, one connection each, on a ${EXAM_QUESTIONS}-question test (${Object.entries(test.byType).map(([k, v]) => `${k} ${v}`).join(', ')}); ${saves.toLocaleString('en-US')} saves sent to the server (warm-ups and the check included), each question saved about ${Math.round(saves / CANDIDATES / EXAM_QUESTIONS)} times`,
        `${odd} answers that did not acknowledge the save sent, ${unknown} stored saves never sent; the server runs with EXAM_SAVES_PER_MINUTE high (the limit is still counted per save)`,
      ],
      raw: { candidates: CANDIDATES, saves, acked, lost, unknown, odd, setup: { seedMs: seeded.wallMs, testMs: test.setupMs }, ...ab },
    };
  },
};

export default answerSaves;
