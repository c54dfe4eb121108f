import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { pool } from '../lib/content-setup.js';
import { createContestPaper, createUpcomingContest, readContest, type ContestView } from '../lib/contest-setup.js';
import { quantile } from '../lib/exam-client.js';
import { monotonicUs } from '../lib/load.js';
import { RawConnection, requestBytes, type RawReply } from '../lib/raw-http.js';
import { maxValue, type Row, type Scenario, type TargetCheck } from '../lib/scenario.js';
import { seedCandidates } from '../lib/seed.js';
import { HarnessError, loggedRequestTimes, needOpenFiles, readCpuMs, RssMonitor, stopServer, type ServerProcess } from '../lib/server.js';
import type { SeededCandidate } from '../seed/lib.js';

/**
 * The join storm: 2,000 signed-in candidates press Join on a free 100-seat contest in the same
 * instant. Each candidate has its own keep-alive connection, opened beforehand by reading the
 * contest (as the contest page does before its button is pressed), so what is timed is the join
 * itself, not the connection. Exactly 100 must get their seat (200) and 1,900 must be told the
 * contest is full (409 CONTEST_FULL), with nothing else answered; the seats are then read back
 * through the API and counted in a copy of the database. Against a bare Fastify + better-sqlite3
 * running the same conditional seat update and entry insert per request.
 */

const CANDIDATES = 2_000;
const SEATS = 100;
/** Candidates reading the contest at once while their connections are opened. */
const OPENING = 50;
const MAX_P99_MS = 500;

type Answer = { status: number; code: string | null; message: string | null; ms: number; filledSeats: number | null; joinedAt: string | null; payment: unknown };
type Storm = {
  answers: Answer[];
  sentWithinMs: number;
  wallMs: number;
  warmMs: number;
  cpuUsPerRequest: number | null;
  peakRssMb: number | null;
  /** The harness's own CPU over the storm (ms) and its event loop's longest stall. */
  harnessCpuMs: number;
  harnessLagMaxMs: number;
  /** The storm's window on the wall clock, to find its requests in the server's log. */
  fromMs: number;
  toMs: number;
  /** The same on the monotonic clock in µs, as CPU profiles keep it. */
  windowUs: [number, number];
};

function answerOf(reply: RawReply): Answer {
  let body: { code?: string; message?: string; data?: { filledSeats?: number; joinedAt?: string }; payment?: unknown } = {};
  try {
    body = JSON.parse(reply.body) as typeof body;
  } catch {
    // Counted by its status; the code stays unknown.
  }
  return { status: reply.status, code: body.code ?? null, message: body.message ?? null, ms: reply.ms, filledSeats: body.data?.filledSeats ?? null, joinedAt: body.data?.joinedAt ?? null, payment: body.payment };
}

/**
 * Opens each candidate's connection and reads the contest on it, then writes every join at once
 * (ready-made bytes, one socket write each) and waits for all the answers.
 */
async function storm(proc: ServerProcess, contestId: string, candidates: SeededCandidate[], headersOf: (c: SeededCandidate) => Record<string, string>): Promise<Storm> {
  const { hostname, port } = new URL(proc.baseUrl);
  const host = `${hostname}:${port}`;
  const connections: RawConnection[] = [];
  const monitor = new RssMonitor(proc.pid);
  try {
    const warmFrom = performance.now();
    await pool(
      candidates.map((c, i) => async () => {
        const conn = await RawConnection.open(hostname, Number(port));
        connections[i] = conn;
        const reply = await conn.send(requestBytes(host, 'GET', `/api/contests/${contestId}`, headersOf(c)));
        if (reply.status !== 200) throw new HarnessError(`${proc.name}: GET /api/contests/${contestId} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
      }),
      OPENING,
    );
    const warmMs = performance.now() - warmFrom;
    const joins = candidates.map((c) => requestBytes(host, 'POST', `/api/contests/${contestId}/join`, headersOf(c)));
    await monitor.start();
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const cpuFrom = await readCpuMs(proc.pid);
    const harnessFrom = process.cpuUsage();
    const fromMs = Date.now();
    const fromUs = monotonicUs();
    const from = performance.now();
    const pending = connections.map((conn, i) =>
      conn.send(joins[i]!).then(answerOf, (err: unknown): Answer => ({ status: 0, code: 'NETWORK', message: err instanceof Error ? err.message : String(err), ms: performance.now() - from, filledSeats: null, joinedAt: null, payment: undefined })),
    );
    const sentWithinMs = performance.now() - from;
    const answers = await Promise.all(pending);
    const wallMs = performance.now() - from;
    const windowUs: [number, number] = [fromUs, monotonicUs()];
    const harness = process.cpuUsage(harnessFrom);
    lag.disable();
    const cpuTo = await readCpuMs(proc.pid);
    return {
      answers,
      sentWithinMs,
      wallMs,
      warmMs,
      cpuUsPerRequest: cpuFrom !== null && cpuTo !== null ? ((cpuTo - cpuFrom) * 1000) / answers.length : null,
      peakRssMb: await monitor.stop(),
      harnessCpuMs: (harness.user + harness.system) / 1000,
      harnessLagMaxMs: lag.max / 1e6,
      fromMs,
      toMs: Date.now(),
      windowUs,
    };
  } finally {
    for (const c of connections) c?.close();
  }
}

type Tally = { ok: number; full: number; fiveHundreds: number; other: Map<string, number>; badOk: number; p50: number; p99: number; max: number };

function tally(s: Storm): Tally {
  const other = new Map<string, number>();
  let ok = 0;
  let full = 0;
  let fiveHundreds = 0;
  let badOk = 0;
  for (const a of s.answers) {
    if (a.status === 200) {
      ok += 1;
      // A seat answered with the contest as the candidate now sees it: joined, free, seats within the total.
      if (!a.joinedAt || a.payment !== null || a.filledSeats === null || a.filledSeats > SEATS) badOk += 1;
    } else if (a.status === 409 && a.code === 'CONTEST_FULL' && a.message === 'Contest is full') full += 1;
    else {
      if (a.status >= 500) fiveHundreds += 1;
      const key = `${a.status} ${a.code ?? ''} ${a.message ?? ''}`.trim();
      other.set(key, (other.get(key) ?? 0) + 1);
    }
  }
  const times = s.answers.map((a) => a.ms).sort((x, y) => x - y);
  return { ok, full, fiveHundreds, other, badOk, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times[times.length - 1] ?? NaN };
}

/** Confirmed entries and the seat count, from a copy of the database. */
function stored(dbFile: string, contestId: string): { entries: number; filledSeats: number } {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const entries = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM contest_entries WHERE contest_id = ? AND status = 'confirmed'").get(contestId)?.n ?? 0;
    const filledSeats = db.prepare<[string], { filled_seats: number }>('SELECT filled_seats FROM contests WHERE id = ?').get(contestId)?.filled_seats ?? -1;
    return { entries: Number(entries), filledSeats: Number(filledSeats) };
  } finally {
    db.close();
  }
}

/** The server's own time per join from its request log, once the log holds every join of the storm (it is written asynchronously). */
async function ownTimes(logFile: string, s: Storm, contestId: string): Promise<number[] | null> {
  const path = `/api/contests/${contestId}/join`;
  for (let tries = 0; ; tries++) {
    const times = await loggedRequestTimes(logFile, s.fromMs, s.toMs + 5_000, (e) => e.method === 'POST' && e.url === path);
    if ((times?.length ?? 0) >= s.answers.length || tries === 20) return times;
    await sleep(250);
  }
}

const otherText = (t: Tally) => [...t.other.entries()].map(([k, v]) => `${v}× ${k}`).join('; ');

const contestJoins: Scenario = {
  name: 'contest-joins',
  title: `POST /api/contests/:id/join: ${CANDIDATES.toLocaleString('en-US')} candidates at once for a free ${SEATS}-seat contest, vs bare Fastify + better-sqlite3 conditional update + insert`,
  async run(ctx) {
    await needOpenFiles(CANDIDATES);
    const seeded = await seedCandidates(ctx, 'joins', CANDIDATES);
    ctx.log(`setup: ${CANDIDATES} candidate accounts signed in through the server's users and token services in ${(seeded.wallMs / 1000).toFixed(1)} s`);
    const byBearer = (c: SeededCandidate) => ({ authorization: `Bearer ${c.token}` });

    const rounds: { server: Storm; bare: Storm; serverTally: Tally; bareTally: Tally; contest: ContestView; readBack: ContestView; db: { entries: number; filledSeats: number }; bareRead: { filledSeats: number }; again: string; closedReason: string | null; own: number[] | null }[] = [];
    for (let round = 1; round <= ctx.settings.rounds; round++) {
      // A test runs one contest at most (contest editing refuses a second one), so each round has its own paper.
      const paper = await createContestPaper(ctx, round === 1 ? 'bench-contest-joins' : `bench-contest-joins-${round}`);
      const contest = await createUpcomingContest(ctx, paper, { slug: `bench-joins-${round}`, seats: SEATS });
      ctx.log(`round ${round}/${ctx.settings.rounds}: contest ${contest.slug} (${contest.id}) created through POST /api/admin/contests, ${contest.filledSeats}/${contest.totalSeats} seats, ${contest.status}`);

      // The baseline joins the same candidates into the same contest, in a copy of the database taken now.
      const baseline = await ctx.startBaseline('contest-joins-baseline.ts', { DB_FILE: await ctx.snapshotDb(`contest-joins-${round}`) });
      let bare: Storm;
      let bareRead: { filledSeats: number };
      try {
        ctx.log(`round ${round}/${ctx.settings.rounds}: baseline`);
        bare = await storm(baseline, contest.id, seeded.candidates, (c) => ({ 'x-user-id': c.userId }));
        bareRead = (await (await fetch(`${baseline.baseUrl}/api/contests/${contest.id}`)).json() as { data: { filledSeats: number } }).data;
      } finally {
        await stopServer(baseline);
      }

      ctx.log(`round ${round}/${ctx.settings.rounds}: abhyas`);
      const server = await storm(ctx.server, contest.id, seeded.candidates, byBearer);
      const serverTally = tally(server);
      const own = await ownTimes(ctx.server.logFile, server, contest.id);
      const readBack = await readContest(ctx.server.baseUrl, contest.id);
      const db = stored(await ctx.snapshotDb(`contest-joins-${round}-after`), contest.id);
      // A winner pressing Join again, and a candidate who missed out reading the contest.
      const winner = seeded.candidates[server.answers.findIndex((a) => a.status === 200)];
      const loser = seeded.candidates[server.answers.findIndex((a) => a.status === 409)];
      let again = 'no winner to ask';
      if (winner) {
        const res = await fetch(`${ctx.server.baseUrl}/api/contests/${contest.id}/join`, { method: 'POST', headers: byBearer(winner) });
        const body = (await res.json()) as { code?: string; message?: string };
        again = `${res.status} ${body.code ?? ''} ${body.message ?? ''}`.trim();
      }
      const closedReason = loser ? (await readContest(ctx.server.baseUrl, contest.id, loser.token)).registration.reason : null;
      ctx.log(
        `round ${round}: ${serverTally.ok}×200, ${serverTally.full}×409 full${serverTally.other.size ? `, ${otherText(serverTally)}` : ''}; p50 ${serverTally.p50.toFixed(0)} ms, p99 ${serverTally.p99.toFixed(0)} ms; read back ${readBack.filledSeats} seats filled, ${db.entries} entries stored`,
      );
      rounds.push({ server, bare, serverTally, bareTally: tally(bare), contest, readBack, db, bareRead, again, closedReason, own });
    }

    const worst = (f: (r: (typeof rounds)[number]) => number) => Math.max(...rounds.map(f));
    const mean = (f: (r: (typeof rounds)[number]) => number) => rounds.reduce((s, r) => s + f(r), 0) / rounds.length;
    const row = (label: string, pick: (r: (typeof rounds)[number]) => { s: Storm; t: Tally }, ratio: number | null): Row => {
      const cpu = rounds.map((r) => pick(r).s.cpuUsPerRequest);
      return {
        label,
        reqPerSec: mean((r) => (CANDIDATES * 1000) / pick(r).s.wallMs),
        p50Ms: mean((r) => pick(r).t.p50),
        p99Ms: worst((r) => pick(r).t.p99),
        peakRssMb: worst((r) => pick(r).s.peakRssMb ?? 0) || null,
        ratio,
        note: [
          `${rounds.map((r) => `${pick(r).t.ok}×200 ${pick(r).t.full}×409`).join(', ')}`,
          `last answer after ${worst((r) => pick(r).t.max).toFixed(0)} ms`,
          `sent within ${worst((r) => pick(r).s.sentWithinMs).toFixed(0)} ms`,
          `harness CPU ${Math.round(worst((r) => pick(r).s.harnessCpuMs))} ms, its event loop stalled ≤ ${Math.round(worst((r) => pick(r).s.harnessLagMaxMs))} ms`,
          ...(cpu.every((c) => c !== null) ? [`CPU ${Math.round(cpu.reduce((s, c) => s + c!, 0) / cpu.length)} µs/request`] : []),
        ].join(', '),
      };
    };
    const serverRps = mean((r) => (CANDIDATES * 1000) / r.server.wallMs);
    const bareRps = mean((r) => (CANDIDATES * 1000) / r.bare.wallMs);
    const rows = [row('abhyas', (r) => ({ s: r.server, t: r.serverTally }), serverRps / bareRps), row('baseline', (r) => ({ s: r.bare, t: r.bareTally }), 1)];

    const all = <T>(f: (r: (typeof rounds)[number]) => T) => rounds.map(f);
    const targets: TargetCheck[] = [
      {
        name: 'seats taken',
        target: `exactly ${SEATS}: ${SEATS}×200, filledSeats ${SEATS} read back through GET /api/contests/:id, ${SEATS} confirmed entries stored`,
        actual: all((r) => `${r.serverTally.ok}×200, filledSeats ${r.readBack.filledSeats} (users.count ${r.readBack.users.count}), ${r.db.entries} entries, ${r.db.filledSeats} in the row${r.serverTally.badOk ? `, ${r.serverTally.badOk} 200s without joinedAt/payment null/seats ≤ ${SEATS}` : ''}`).join('; '),
        pass: rounds.every((r) => r.serverTally.ok === SEATS && r.serverTally.badOk === 0 && r.readBack.filledSeats === SEATS && r.db.entries === SEATS && r.db.filledSeats === SEATS),
      },
      {
        name: 'refused as full',
        target: `${(CANDIDATES - SEATS).toLocaleString('en-US')}×409 CONTEST_FULL 'Contest is full', nothing else`,
        actual: all((r) => `${r.serverTally.full}×409 full${r.serverTally.other.size ? `; ${otherText(r.serverTally)}` : ''}`).join('; '),
        pass: rounds.every((r) => r.serverTally.full === CANDIDATES - SEATS && r.serverTally.other.size === 0),
      },
      { name: 'no 5xx', target: '0', actual: all((r) => String(r.serverTally.fiveHundreds)).join('; '), pass: rounds.every((r) => r.serverTally.fiveHundreds === 0) },
      maxValue('p99 join under the storm', worst((r) => r.serverTally.p99), MAX_P99_MS, 'ms'),
      {
        name: 'a winner joining again',
        target: "409 ALREADY_JOINED 'Already joined'",
        actual: all((r) => r.again).join('; '),
        pass: rounds.every((r) => r.again === '409 ALREADY_JOINED Already joined'),
      },
      {
        name: 'the full contest to one who missed out',
        target: "registration closed: 'Contest is full'",
        actual: all((r) => String(r.closedReason)).join('; '),
        pass: rounds.every((r) => r.closedReason === 'Contest is full'),
      },
    ];
    const bareOk = rounds.every((r) => r.bareTally.ok === SEATS && r.bareTally.full === CANDIDATES - SEATS && r.bareRead.filledSeats === SEATS);
    return {
      rows,
      targets,
      notes: [
        `setup: each round's paper through the editor API, its contest through POST /api/admin/contests (free, ${SEATS} seats, opening in a day, published); ${CANDIDATES.toLocaleString('en-US')} accounts and tokens by bench/seed/candidates.ts in ${(seeded.wallMs / 1000).toFixed(1)} s`,
        `each candidate one keep-alive connection, opened by GET /api/contests/:id (${OPENING} at a time, ${(worst((r) => r.server.warmMs) / 1000).toFixed(1)} s) before all ${CANDIDATES.toLocaleString('en-US')} joins are written in one go (ready-made requests, lib/raw-http.ts); latency is from writing the request to the last byte of the answer; req/s is ${CANDIDATES.toLocaleString('en-US')} over the time to the last answer`,
        rounds.every((r) => r.own)
          ? `the server's own time per join (its request log, from routing to the response): ${all((r) => `p50 ${quantile(r.own!, 0.5).toFixed(1)} ms, p99 ${quantile(r.own!, 0.99).toFixed(1)} ms, ${r.own!.length} logged`).join('; ')}; the rest of a candidate's wait was spent queued behind the other joins`
          : 'the server logged no request lines (BENCH_LOG_LEVEL above info): its own time per join is not shown',
        `the baseline storms its own copy of the database taken before the server's storm (the contest empty): ${bareOk ? `${SEATS}×200, ${(CANDIDATES - SEATS).toLocaleString('en-US')}×409, ${SEATS} seats read back` : `unexpected: ${all((r) => `${r.bareTally.ok}×200 ${r.bareTally.full}×409 ${otherText(r.bareTally)} filled ${r.bareRead.filledSeats}`).join('; ')}`}`,
      ],
      raw: {
        windowsUs: rounds.map((r) => r.server.windowUs),
        rounds: rounds.map((r) => ({
          contestId: r.contest.id,
          server: { ...r.serverTally, other: Object.fromEntries(r.serverTally.other), sentWithinMs: r.server.sentWithinMs, wallMs: r.server.wallMs, harnessCpuMs: r.server.harnessCpuMs, ownMs: r.own },
          baseline: { ...r.bareTally, other: Object.fromEntries(r.bareTally.other), wallMs: r.bare.wallMs, harnessCpuMs: r.bare.harnessCpuMs },
          readBack: r.readBack.filledSeats,
          stored: r.db,
        })),
      },
    };
  },
};

export default contestJoins;
