import type { FastifyInstance } from 'fastify';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** What one round did, as counts (`{ submitted: 3 }`); nothing to tell when it answers nothing. */
export type RoundReport = Record<string, number> | void;

/**
 * A job a module runs every so often, in every server process. Work that must be done once across
 * processes is claimed in the database by the job itself (a conditional update, a lock), so running
 * it in several processes at once is safe.
 */
export type PeriodicJob = {
  /** What the job does, as a log line names it: "`name` failed". */
  name: string;
  everyMs: number;
  /** Also runs once as soon as the server is ready, rather than one interval later. */
  atStart?: boolean;
  run: () => Promise<RoundReport>;
  /** Logged with the counts when a round did something (some count above zero). */
  done?: string;
};

/**
 * Runs the job every `everyMs`: one round at a time (a tick that comes while the previous round is
 * still running is skipped), a failure logged and never thrown, the timer never keeping the process
 * alive; `succeeded` is told when a round ends without failing. Answers how to stop it: no more
 * rounds, and the one running awaited.
 */
export function every(log: Log, job: PeriodicJob, succeeded?: () => void): () => Promise<void> {
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= job
      .run()
      .then((report) => {
        succeeded?.();
        if (report && job.done && Object.values(report).some((n) => n > 0)) log.info(report, job.done);
      })
      .catch((err: unknown) => log.warn({ err, job: job.name }, `${job.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(round, job.everyMs);
  timer.unref();
  if (job.atStart) round();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** How far a periodic job is behind: the time since its last successful round (or its start) beyond its interval. */
export type JobLag = { name: string; lagMs: number };

/**
 * The app's periodic jobs: started when the app is ready, stopped when it closes, a round still
 * running awaited before the close goes on (so it finishes with the database still open). Answers
 * how far each started job is behind, for the metrics.
 */
export function runPeriodically(app: FastifyInstance, jobs: PeriodicJob[]): () => JobLag[] {
  const stops: (() => Promise<void>)[] = [];
  // performance.now() of each job's last successful round, or of its start; absent before the app is ready.
  const lastSuccess = new Map<PeriodicJob, number>();
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      lastSuccess.set(job, performance.now());
      stops.push(every(app.log, job, () => lastSuccess.set(job, performance.now())));
    }
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  return () => {
    const now = performance.now();
    return [...lastSuccess].map(([job, at]) => ({ name: job.name, lagMs: Math.max(0, now - at - job.everyMs) }));
  };
}
