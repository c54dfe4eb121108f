import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/index.js';
import type { AdmissionUse } from '../lib/admission.js';
import type { JobLag } from '../lib/periodic.js';

/** What the gauges read when scraped; each is cheap and never waits but `openAttempts`. */
export type MetricSources = {
  dialect: 'sqlite' | 'postgres';
  /** Timed attempts open now: one indexed count in the database. */
  openAttempts: () => Promise<number>;
  /** The contests' live-board streams this process serves. */
  liveViewers: () => number;
  /** Page views held in memory by this process's recorder. */
  trackingHeld: () => number;
  /** PostgreSQL's pool; absent on SQLite. */
  pool?: () => PoolUse;
  periodicLag: () => JobLag[];
  /** The heavy requests' admission in this process: running, waiting, refused since the start. */
  heavyRequests?: () => AdmissionUse;
};

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** The open-attempts count gives up after this long, so that a slow database never holds a scrape. */
const COUNT_TIMEOUT_MS = 1_000;
/** Request durations in seconds: fine below 100 ms, where the answer saves and most reads fall. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of a request no route matched (the not-found handler, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

export type AppMetrics = {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method and status. */
  observe(route: string | undefined, method: string, status: number, seconds: number): void;
  /** An answer written, and an attempt submitted by the candidate or by the server at its deadline. */
  saved(): void;
  submitted(by: 'candidate' | 'server'): void;
  /** The gauges' sources, known once the modules are wired; read at every scrape. */
  watch(sources: MetricSources): void;
};

const timeout = (ms: number) =>
  new Promise<never>((_resolve, reject) => {
    setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref();
  });

/**
 * The app's metrics in a registry of its own (never prom-client's global one, so that several apps
 * in one process keep theirs apart): Node's and the process's, the requests' durations, the exam's
 * counters, and gauges read from the modules when scraped. A source that fails leaves its gauge
 * without a sample and is counted in `abhyas_metrics_source_failures_total`; the scrape still answers.
 */
export function createAppMetrics(log: Log): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  let sources: MetricSources | undefined;

  // The open attempts are counted once per scrape: the gauge and the failures' counter both wait for
  // the same count (a scrape arriving while one is out joins it), so the text agrees with itself.
  let failing = false;
  let counting: Promise<number | null> | null = null;
  const countOpen = (): Promise<number | null> => {
    const count = sources?.openAttempts;
    if (!count) return Promise.resolve(null);
    return (counting ??= Promise.race([count(), timeout(COUNT_TIMEOUT_MS)])
      .then((n) => {
        if (failing) log.info({ source: 'open_attempts' }, 'a metrics source is read again');
        failing = false;
        return n;
      })
      .catch((err: unknown) => {
        failures.inc({ source: 'open_attempts' });
        if (!failing) log.warn({ err, source: 'open_attempts' }, 'a metrics source could not be read');
        failing = true;
        return null;
      })
      .finally(() => {
        counting = null;
      }));
  };
  const failures = new Counter({
    name: 'abhyas_metrics_source_failures_total',
    help: 'Scrapes at which a source could not be read (its gauge then has no sample)',
    labelNames: ['source'],
    registers,
    async collect() {
      await countOpen();
    },
  });
  failures.inc({ source: 'open_attempts' }, 0);

  const duration = new Histogram({
    name: 'abhyas_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const saves = new Counter({ name: 'abhyas_answer_saves_total', help: 'Answers written by the exam screen’s saves (a repeated save that changes nothing is not counted)', registers });
  const submissions = new Counter({ name: 'abhyas_attempt_submissions_total', help: 'Timed attempts submitted, by the candidate or by the server at the deadline', labelNames: ['by'], registers });
  for (const by of ['candidate', 'server']) submissions.inc({ by }, 0);

  new Gauge({
    name: 'abhyas_attempts_open',
    help: 'Timed attempts started and not yet submitted (the database’s count, across processes)',
    registers,
    async collect() {
      const n = await countOpen();
      if (n === null) this.remove();
      else this.set(n);
    },
  });
  new Gauge({
    name: 'abhyas_contest_live_viewers',
    help: 'Live leaderboard streams this process serves',
    registers,
    collect() {
      if (sources) this.set(sources.liveViewers());
    },
  });
  new Gauge({
    name: 'abhyas_tracking_buffered_page_views',
    help: 'Page views held in memory by this process, waiting to be written or being written',
    registers,
    collect() {
      if (sources) this.set(sources.trackingHeld());
    },
  });
  // SQLite has one connection and no pool: its gauges read 0, labelled with the dialect.
  const poolOf = () => sources?.pool?.() ?? { total: 0, idle: 0, waiting: 0 };
  new Gauge({
    name: 'abhyas_db_pool_in_use',
    help: 'Database connections checked out by a query or transaction (PostgreSQL; 0 on SQLite)',
    labelNames: ['dialect'],
    registers,
    collect() {
      if (!sources) return;
      const pool = poolOf();
      this.set({ dialect: sources.dialect }, pool.total - pool.idle);
    },
  });
  new Gauge({
    name: 'abhyas_db_pool_waiting',
    help: 'Queries waiting for a database connection (PostgreSQL; 0 on SQLite)',
    labelNames: ['dialect'],
    registers,
    collect() {
      if (sources) this.set({ dialect: sources.dialect }, poolOf().waiting);
    },
  });
  new Gauge({
    name: 'abhyas_periodic_job_lag_seconds',
    help: 'Time since a periodic job’s last successful round (or its start) beyond its interval',
    labelNames: ['job'],
    registers,
    collect() {
      if (!sources) return;
      this.reset();
      for (const { name, lagMs } of sources.periodicLag()) this.set({ job: name }, lagMs / 1000);
    },
  });

  const heavy = () => sources?.heavyRequests?.();
  new Gauge({
    name: 'abhyas_heavy_requests_running',
    help: 'Starts, submissions and results this process is running now (at most HEAVY_REQUESTS_IN_FLIGHT)',
    registers,
    collect() {
      const use = heavy();
      if (use) this.set(use.running);
    },
  });
  new Gauge({
    name: 'abhyas_heavy_requests_queued',
    help: 'Starts, submissions and results waiting for a turn in this process',
    registers,
    collect() {
      const use = heavy();
      if (use) this.set(use.queued);
    },
  });
  // The admission keeps the count; the counter is brought up to it at each scrape.
  let refusedSeen = 0;
  const refused = new Counter({
    name: 'abhyas_heavy_requests_refused_total',
    help: 'Starts, submissions and results refused 503 because the wait for a turn was too long or the queue full',
    registers,
    collect() {
      const use = heavy();
      if (!use) return;
      refused.inc(use.refused - refusedSeen);
      refusedSeen = use.refused;
    },
  });
  refused.inc(0);

  return {
    registry,
    observe(route, method, status, seconds) {
      duration.observe({ route: route ?? UNMATCHED_ROUTE, method, status }, seconds);
    },
    saved: () => saves.inc(),
    submitted: (by) => submissions.inc({ by }),
    watch(given) {
      sources = given;
    },
  };
}
