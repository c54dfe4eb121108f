import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { createBackgroundJobs, type BackgroundJobs } from './lib/background.js';
import type { Clock } from './lib/clock.js';
import { createMailer } from './lib/mailer.js';
import type { RedisLink } from './lib/redis-fallback.js';
import { attemptsSummary, type AttemptEvents, type Learning, type PaperPort } from './modules/attempts/attempts.service.js';
import { createTokenService } from './modules/auth/tokens.js';
import { createDeviceKeys } from './modules/auth/trusted-devices.js';
import { contestsOnPapers, createContestLive, entryFulfilment, getContest, type ContestPayments } from './modules/contests/contests.service.js';
import { createNominatimGeocoder } from './modules/geo/nominatim.js';
import { contestPayments, paymentProvider, type ContestView, type EntryFulfilment, type FulfilDeps } from './modules/payments/payments.service.js';
import { learningPort } from './modules/practice/mistakes.service.js';
import { pageMeta } from './modules/seo/seo.service.js';
import { listedPaperQuestions, paperFacts, sealedPapers, type AttemptsSummary } from './modules/papers/papers.service.js';
import { recorderFromConfig, type PageViewRecorder } from './modules/tracking/page-view-recorder.js';
import { createGuards } from './plugins/auth.js';
import type { PageMetaResolver } from './plugins/web.js';

/** What paid entry needs from the contests module: both port types are the payments module's. */
export type PaidEntryPort = { fulfilment: EntryFulfilment; contestView: ContestView };

/**
 * The attempt engine's paper port: tests' titles, reveal settings and key seals and what their fixed
 * sections list, from the papers module; the contest on a paper, from the contests module.
 */
export function paperPort(db: Db): PaperPort {
  return {
    async facts(ids) {
      const [papers, contests] = await Promise.all([paperFacts({ db }, ids), contestsOnPapers({ db }, ids)]);
      return new Map([...papers].map(([id, paper]) => [id, { ...paper, contestSlug: contests.get(id) ?? null }]));
    },
    sealed: (now) => sealedPapers({ db }, now),
    listedQuestions: (ids, questionIds) => listedPaperQuestions({ db }, ids, questionIds),
  };
}

/** Parts a test may hand in instead of the ones built here (see AppDeps in app.ts). */
export type Given = {
  pageViews?: PageViewRecorder;
  jobs?: BackgroundJobs;
  learning?: Learning;
  contestPayments?: ContestPayments | null;
  paidEntry?: PaidEntryPort;
  /** Also told of the attempt engine's events, after the live board (the metrics' counters). */
  attemptsHeard?: AttemptEvents;
};

/**
 * What each module is handed: only the dependencies it uses, and the ports through which it reaches
 * a module it must not import. Each port's type is declared once, by the module that uses it, and
 * built here from the supplying module's service; so the attempt engine knows neither practice nor
 * papers nor contests, and payments and contests know nothing of each other.
 */
export function wireModules(config: Config, shared: { db: Db; clock: Clock; log: FastifyBaseLogger; redis: RedisLink }, given: Given) {
  const { db, clock, log } = shared;
  const core = { db, clock };
  const jobs = given.jobs ?? createBackgroundJobs(log);
  const mailer = createMailer(config.mail, log);
  const tokens = createTokenService(config.auth.jwtSecret, config.auth.tokenTtlMs, clock.now);
  const auth = { db, clock, tokens, devices: createDeviceKeys(config.auth.jwtSecret), mailer, jobs, publicUrl: config.publicUrl };

  // The contests' live leaderboard: hears the attempt engine's events, fans change notices out over
  // Redis when there is one, serves boards and streams, and finalizes ended contests.
  const live = createContestLive({ db, clock, log, redis: shared.redis }, { finalizeEveryMs: config.contests.sweepIntervalMs, challengeWindowMs: config.exam.challengeWindowMs });
  // Mistakes and bookmarks from the practice module, unless a test hands in its own.
  const learning: Learning = given.learning ?? learningPort({ db });
  const papers = paperPort(db);
  const heard = given.attemptsHeard;
  const events: AttemptEvents = heard
    ? {
        changed(e) {
          live.events.changed(e);
          heard.changed(e);
        },
      }
    : live.events;
  const exam = { db, clock, jobs, learning, events, papers, percentileFrom: config.exam.percentileFrom, challengeWindowMs: config.exam.challengeWindowMs };
  const attemptsOfCandidate: AttemptsSummary = (userId, testId) => attemptsSummary(core, userId, testId);

  // Paid entry: the configured provider (null when paid entry is off), the contests module's side of
  // a paid order, and the payments module's side of a paid join.
  const provider = paymentProvider(config.payments, core);
  const paidEntry: PaidEntryPort = given.paidEntry ?? {
    fulfilment: entryFulfilment({ ...core, announce: live.announce }),
    contestView: (contestId, userId) => getContest(contests, contestId, { userId, editor: false }),
  };
  const payments: FulfilDeps | null = provider
    ? {
        db,
        clock,
        provider,
        jobs,
        mailer,
        log,
        publicUrl: config.publicUrl,
        reconcileAfterMs: config.payments.reconcileAfterMs,
        fulfilment: paidEntry.fulfilment,
        contestView: paidEntry.contestView,
      }
    : null;
  const paymentsForContests: ContestPayments | null = given.contestPayments !== undefined ? given.contestPayments : payments ? contestPayments(payments) : null;
  const contests = {
    db,
    clock,
    paidEntry: config.contests.paidEntry,
    holdMs: config.payments.holdMs,
    payments: paymentsForContests,
    exam,
    jobs,
    mailer,
    publicUrl: config.publicUrl,
    announce: live.announce,
    challengeWindowMs: config.exam.challengeWindowMs,
  };

  const seo = { db, clock, publicUrl: config.publicUrl };
  const pageMetaOf: PageMetaResolver = (path, readerLanguage) => pageMeta(seo, path, readerLanguage);

  // Challenges and key decisions: the engine's re-marking, and notices kept and mailed.
  const notices = { db, clock, mailer, jobs, publicUrl: config.publicUrl };
  const challenges = { db, clock, challengeWindowMs: config.exam.challengeWindowMs, papers, exam, notices };

  return {
    core,
    jobs,
    challenges,
    auth,
    guards: createGuards(db, tokens),
    geo: { db, clock, geocoder: createNominatimGeocoder(config.geocoder) },
    pageViews: given.pageViews ?? recorderFromConfig(config.tracking, db, log),
    live,
    exam,
    practice: { db, clock, papers },
    attemptsSummary: attemptsOfCandidate,
    contests,
    payments,
    seo,
    pageMeta: pageMetaOf,
  };
}
