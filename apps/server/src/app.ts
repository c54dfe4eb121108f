import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createBackgroundJobs, type BackgroundJobs } from './lib/background.js';
import { AppError } from './lib/errors.js';
import { createLogger } from './lib/logger.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { createMailer } from './lib/mailer.js';
import { fallbackStore } from './lib/rate-limit-store.js';
import { watchRedis } from './lib/redis-fallback.js';
import { adsAdminRoutes, adsPublicRoutes } from './modules/ads/ads.routes.js';
import attemptsRoutes, { itemStatsRoutes } from './modules/attempts/attempts.routes.js';
import { attemptsSummary, submitOverdueAttempts, type Learning } from './modules/attempts/attempts.service.js';
import analyticsRoutes from './modules/analytics/analytics.routes.js';
import authRoutes from './modules/auth/auth.routes.js';
import adminContestsRoutes from './modules/contests/admin-contests.routes.js';
import contestsRoutes from './modules/contests/contests.routes.js';
import { createContestLive, entryFulfilment, getContest, releaseExpiredHolds, type ContestPayments } from './modules/contests/contests.service.js';
import { forgetOldSignInRecords } from './modules/auth/auth.service.js';
import { createDeviceKeys } from './modules/auth/trusted-devices.js';
import { createTokenService } from './modules/auth/tokens.js';
import adminBlogsRoutes from './modules/blogs/admin-blogs.routes.js';
import blogsRoutes from './modules/blogs/blogs.routes.js';
import contestsLiveRoutes from './modules/contests/contests-live.routes.js';
import geoRoutes from './modules/geo/geo.routes.js';
import { forgetExpiredAddresses } from './modules/geo/geo.service.js';
import { createNominatimGeocoder } from './modules/geo/nominatim.js';
import healthRoutes from './modules/health/health.routes.js';
import { mediaServeRoutes, mediaUploadRoutes } from './modules/media/media.routes.js';
import paymentsRoutes, { type ContestView } from './modules/payments/payments.routes.js';
import { contestPayments, paymentProvider, processRefunds, reconcilePendingOrders, type EntryFulfilment, type FulfilDeps } from './modules/payments/payments.service.js';
import practiceRoutes from './modules/practice/practice.routes.js';
import { learningPort } from './modules/practice/practice.service.js';
import previewRoutes from './modules/preview/preview.routes.js';
import questionRoutes from './modules/questions/questions.routes.js';
import seoRoutes from './modules/seo/seo.routes.js';
import adminTestsRoutes from './modules/tests/admin-tests.routes.js';
import testsRoutes from './modules/tests/tests.routes.js';
import { pageMeta } from './modules/seo/seo.service.js';
import adminTopicsRoutes from './modules/topics/admin-topics.routes.js';
import topicsRoutes from './modules/topics/topics.routes.js';
import { recorderFromConfig, type PageViewRecorder } from './modules/tracking/page-view-recorder.js';
import { rollUpExpiredPageViews } from './modules/tracking/retention.js';
import trackingRoutes from './modules/tracking/tracking.routes.js';
import adminUsersRoutes from './modules/users/admin-users.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import { adminScope } from './plugins/admin-scope.js';
import authPlugin, { createGuards } from './plugins/auth.js';
import errorsPlugin, { clientErrorHandler, routerErrorHandler } from './plugins/errors.js';
import openapiPlugin from './plugins/openapi.js';
import securityPlugin, { securityHeaders } from './plugins/security.js';
import webPlugin from './plugins/web.js';

export type AppDeps = {
  dbHandle: DbHandle;
  clock?: Clock;
  /** Shares rate limits and live-board notices when several server processes run; see lib/redis-fallback.ts. */
  redis?: Redis;
  /** Where page views go; by default a recorder built from the configuration. Tests pass their own to flush it. */
  pageViews?: PageViewRecorder;
  /** Work started by requests and finished after answering (reset mails); tests pass their own to wait for it. */
  jobs?: BackgroundJobs;
  /** Extra routes registered inside the API scope; tests use it to exercise the guards. */
  extraApiRoutes?: (app: FastifyInstance, guards: ReturnType<typeof createGuards>) => void;
  /** Sees every route as it is added; tests compare this route table with the API document. */
  onRoute?: (route: RouteOptions) => void;
  /** Mistakes and bookmarks, as the attempt engine asks for them; by default the practice module's. */
  learning?: Learning;
  /** Paid contest entry: orders and refunds with the payment provider; without it paid contests cannot be joined. */
  contestPayments?: ContestPayments | null;
  /**
   * What paid entry needs from the contests module: confirming a paid entry inside the payment's
   * transaction, and the contest as a candidate sees it. Without it the payment routes are not served.
   */
  paidEntry?: PaidEntryPort;
};

export type PaidEntryPort = { fulfilment: EntryFulfilment; contestView: ContestView };

declare module 'fastify' {
  interface FastifyInstance {
    db: DbHandle['db'];
  }
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;
const ROLL_UP_EVERY_MS = 60 * 60 * 1000;
const REDIS_WAIT_MS = 3_000;

/** Assembles the server: plugins, error handling and routes. It does not listen. */
export async function buildApp(config: Config, deps: AppDeps) {
  const clock = deps.clock ?? systemClock;
  const db = deps.dbHandle.db;
  const log = createLogger(config.logLevel);
  const headers = securityHeaders({ production: config.appEnv === 'production', razorpayCheckout: config.payments.provider === 'razorpay' });
  const app = Fastify({
    ...(log ? { loggerInstance: log.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: config.http.bodyLimit,
    requestTimeout: config.http.requestTimeoutMs,
    trustProxy: config.http.trustProxy,
    genReqId: () => randomUUID(),
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: routerErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();

  if (config.http.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true believes every X-Forwarded-For address, so a client can name its own address and escape every per-address limit: set TRUST_PROXY to the proxy\'s address or hop count',
    );
  }

  // Listened to before anything else can wait, so that no connection error goes unheard.
  const redis = watchRedis(deps.redis, app.log);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('db', db);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  // One log line per request, carrying its id; the id is echoed so a user can quote it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });

  // During shutdown, answer in-flight requests with `Connection: close`, so that keep-alive clients
  // let go of their sockets and the server can finish closing instead of waiting out the grace period.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { headers });
  await app.register(rateLimit, {
    global: false,
    store: fallbackStore(redis, 'abhyas-rl:'),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 429, `Too many requests. Try again in ${context.after}.`),
  });
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  const geocoder = createNominatimGeocoder(config.geocoder);
  const tokens = createTokenService(config.auth.jwtSecret, config.auth.tokenTtlMs, clock.now);
  const guards = createGuards(db, tokens);
  const pageViews = deps.pageViews ?? recorderFromConfig(config.tracking, db, app.log);
  const signIn = {
    devices: createDeviceKeys(config.auth.jwtSecret),
    mailer: createMailer(config.mail, app.log),
    jobs: deps.jobs ?? createBackgroundJobs(app.log),
    publicUrl: config.publicUrl,
  };

  const core = { db, clock };
  const jobs = signIn.jobs;
  // The contests' live leaderboard: hears the attempt engine's events, fans change notices out over
  // Redis when there is one, serves boards and streams, and finalizes ended contests.
  const live = createContestLive({ db, clock, log: app.log, redis }, { finalizeEveryMs: config.contests.sweepIntervalMs });
  // Mistakes and bookmarks from the practice module, unless a test hands in its own.
  const exam = { db, clock, jobs, learning: deps.learning ?? learningPort({ db }), events: live.events };
  // Paid entry: the configured provider (null when paid entry is off), the contests module's side of
  // a paid order, and the payments module's side of a paid join; neither module imports the other.
  const provider = paymentProvider(config.payments, core);
  const paidEntry: PaidEntryPort = deps.paidEntry ?? {
    fulfilment: entryFulfilment({ ...core, announce: live.announce }),
    contestView: (contestId, userId) => getContest(contests, contestId, { userId, editor: false }),
  };
  const payments: FulfilDeps | null = provider
    ? { db, clock, provider, jobs, mailer: signIn.mailer, log: app.log, publicUrl: config.publicUrl, reconcileAfterMs: config.payments.reconcileAfterMs, fulfilment: paidEntry.fulfilment }
    : null;
  const contests = {
    db,
    clock,
    paidEntry: config.contests.paidEntry,
    holdMs: config.payments.holdMs,
    payments: deps.contestPayments !== undefined ? deps.contestPayments : payments ? contestPayments(payments) : null,
    exam,
    jobs,
    mailer: signIn.mailer,
    publicUrl: config.publicUrl,
    announce: live.announce,
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { dbHandle: deps.dbHandle, redis: redis.health });
      await api.register(authRoutes, {
        deps: { db, clock, tokens, ...signIn },
        guards,
        perIpPerMinute: config.auth.rateLimitPerMinute,
        secureCookies: config.appEnv === 'production',
      });
      await api.register(usersRoutes, { deps: core, guards });
      await api.register(geoRoutes, { deps: { db, clock, geocoder } });
      await api.register(adsPublicRoutes, { deps: core, guards });
      await api.register(testsRoutes, { prefix: '/tests', deps: core, guards, attemptsSummary: (userId, testId) => attemptsSummary(core, userId, testId) });
      await api.register(attemptsRoutes, { deps: exam, guards, savesPerMinute: config.exam.savesPerMinute });
      await api.register(practiceRoutes, { deps: core, guards });
      await api.register(contestsLiveRoutes, { prefix: '/contests', deps: core, live, guards });
      await api.register(contestsRoutes, { prefix: '/contests', deps: contests, guards, joinsPerMinute: config.contests.joinsPerMinute });
      if (payments) {
        await api.register(paymentsRoutes, {
          deps: payments,
          guards,
          contestView: paidEntry.contestView,
          perMinute: config.contests.joinsPerMinute,
          testGateway: config.payments.provider === 'test' ? config.payments.keys : null,
        });
      }
      await api.register(adminScope, {
        prefix: '/admin',
        guards,
        editorRoutes: async (admin) => {
          await admin.register(adminBlogsRoutes, { prefix: '/blogs', deps: core });
          await admin.register(adminTopicsRoutes, { prefix: '/topics', deps: core });
          await admin.register(previewRoutes);
          await admin.register(questionRoutes, { prefix: '/questions', deps: core, importMaxBytes: config.importMaxBytes, mediaMaxBytes: config.mediaMaxBytes });
          await admin.register(mediaUploadRoutes, { prefix: '/media', deps: core, mediaMaxBytes: config.mediaMaxBytes, importMaxBytes: config.importMaxBytes });
          await admin.register(adsAdminRoutes, { prefix: '/ads', deps: core });
          await admin.register(adminTestsRoutes, { prefix: '/tests', deps: core });
          await admin.register(itemStatsRoutes, { prefix: '/tests', deps: exam });
          await admin.register(adminContestsRoutes, { prefix: '/contests', deps: contests });
        },
        adminOnlyRoutes: async (admin) => {
          await admin.register(analyticsRoutes, { prefix: '/analytics', deps: core });
          await admin.register(adminUsersRoutes, { prefix: '/users', deps: core });
        },
      });
      deps.extraApiRoutes?.(api, guards);
    },
    { prefix: '/api' },
  );
  await app.register(blogsRoutes, { deps: core });
  await app.register(topicsRoutes, { deps: core });
  await app.register(trackingRoutes, { deps: { clock, recorder: pageViews }, guards, perIpPerMinute: config.tracking.rateLimitPerMinute, publicUrl: config.publicUrl });
  await app.register(mediaServeRoutes, { db });
  const seoDeps = { db, clock, publicUrl: config.publicUrl };
  await app.register(seoRoutes, { deps: seoDeps });
  await app.register(webPlugin, { distDir: config.webDistDir, pageMeta: (path) => pageMeta(seoDeps, path) });

  let pruneTimer: NodeJS.Timeout | undefined;
  let rollUpTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let contestSweepTimer: NodeJS.Timeout | undefined;
  // Timed attempts past their end and grace are submitted by the server, each exactly once across processes.
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= submitOverdueAttempts(exam)
      .then((submitted) => void (submitted > 0 && app.log.info({ submitted }, 'overdue attempts submitted')))
      .catch((err: unknown) => app.log.warn({ err }, 'submitting overdue attempts failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  // Seats held for payments that did not arrive in time go back, each exactly once across processes.
  let contestSweeping: Promise<void> | undefined;
  const contestSweep = () => {
    contestSweeping ??= releaseExpiredHolds(core)
      .then((released) => void (released > 0 && app.log.info({ released }, 'expired seat holds released')))
      .catch((err: unknown) => app.log.warn({ err }, 'releasing expired seat holds failed'))
      .finally(() => {
        contestSweeping = undefined;
      });
  };
  // Raw page views past the retention period become daily aggregates (docs/decisions/010).
  let rollingUp: Promise<void> | undefined;
  const rollUp = () => {
    rollingUp ??= rollUpExpiredPageViews({ db, clock }, config.tracking.retentionDays)
      .then((erased) => void (erased > 0 && app.log.info({ erased }, 'raw page views rolled into daily aggregates')))
      .catch((err: unknown) => app.log.warn({ err }, 'rolling up page views failed'))
      .finally(() => {
        rollingUp = undefined;
      });
  };
  // Orders left open (a lost webhook, a closed browser) are checked with the provider, and refunds
  // waiting are asked for; each order is claimed by one process.
  let paymentsTimer: NodeJS.Timeout | undefined;
  let settlingPayments: Promise<void> | undefined;
  const settlePayments = () => {
    if (!payments) return;
    settlingPayments ??= (async () => {
      const fulfilled = await reconcilePendingOrders(payments);
      const refunded = await processRefunds(payments);
      if (fulfilled > 0 || refunded > 0) app.log.info({ fulfilled, refunded }, 'payments settled');
    })()
      .catch((err: unknown) => app.log.warn({ err }, 'settling payments failed'))
      .finally(() => {
        settlingPayments = undefined;
      });
  };
  // Readiness waits a little for Redis's first connection (limits are shared from the first
  // request), not for Redis to come back.
  app.addHook('onReady', () => redis.settled(REDIS_WAIT_MS));
  app.addHook('onReady', () => live.start());
  // Streams end before the server closes: an open stream would hold its connection.
  app.addHook('preClose', () => live.close());
  app.addHook('onReady', async () => {
    pruneTimer = setInterval(() => {
      forgetOldSignInRecords({ db, clock }).catch((err) => app.log.warn({ err }, 'pruning sign-in records failed'));
      forgetExpiredAddresses({ db, clock }).catch((err) => app.log.warn({ err }, 'pruning the geocoding cache failed'));
    }, PRUNE_EVERY_MS);
    pruneTimer.unref();
    rollUpTimer = setInterval(rollUp, ROLL_UP_EVERY_MS);
    rollUpTimer.unref();
    rollUp();
    sweepTimer = setInterval(sweep, config.exam.sweepIntervalMs);
    sweepTimer.unref();
    sweep();
    contestSweepTimer = setInterval(contestSweep, config.contests.sweepIntervalMs);
    contestSweepTimer.unref();
    contestSweep();
    if (payments) {
      paymentsTimer = setInterval(settlePayments, config.contests.sweepIntervalMs);
      paymentsTimer.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    clearInterval(rollUpTimer);
    clearInterval(sweepTimer);
    clearInterval(contestSweepTimer);
    clearInterval(paymentsTimer);
    await settlingPayments;
    await rollingUp;
    await sweeping;
    await contestSweeping;
    await pageViews.close();
    log?.close();
  });

  return app;
}
