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
 * alive. Answers how to stop it: no more rounds, and the one running awaited.
 */
export function every(log: Log, job: PeriodicJob): () => Promise<void> {
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= job
      .run()
      .then((report) => {
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

/**
 * The app's periodic jobs: started when the app is ready, stopped when it closes, a round still
 * running awaited before the close goes on (so it finishes with the database still open).
 */
export function runPeriodically(app: FastifyInstance, jobs: PeriodicJob[]): void {
  const stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    for (const job of jobs) stops.push(every(app.log, job));
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
}
