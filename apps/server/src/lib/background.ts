type Log = { warn: (obj: object, msg: string) => void };

export type BackgroundJobs = {
  /** Runs the job after the current request is answered; a failure is logged, never thrown. */
  run: (name: string, job: () => Promise<void>) => void;
  /** Resolves once every job started so far has finished. */
  drain: () => Promise<void>;
};

/** Work a request starts but does not wait for, kept track of so shutdown lets it finish. */
export function createBackgroundJobs(log: Log): BackgroundJobs {
  const pending = new Set<Promise<void>>();
  return {
    run(name, job) {
      // Started on the next turn of the event loop, after the answer has been written.
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((err: unknown) => log.warn({ err, job: name }, 'a background job failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
