import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import type { BackgroundJobs } from './lib/background.js';
import { systemClock, type Clock } from './lib/clock.js';
import { Admission } from './lib/admission.js';
import { AppError } from './lib/errors.js';
import { createLogger } from './lib/logger.js';
import { runPeriodically } from './lib/periodic.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { fallbackStore } from './lib/rate-limit-store.js';
import { watchRedis } from './lib/redis-fallback.js';
import { adsAdminRoutes, adsPublicRoutes } from './modules/ads/ads.routes.js';
import { overdueAttemptsJob } from './modules/attempts/attempts.jobs.js';
import { countOpenTimedAttempts } from './modules/attempts/attempts.service.js';
import attemptsRoutes from './modules/attempts/attempts.routes.js';
import attemptViewRoutes from './modules/attempts/attempt-view.routes.js';
import adminChallengesRoutes from './modules/challenges/admin-challenges.routes.js';
import challengesRoutes from './modules/challenges/challenges.routes.js';
import noticeRoutes from './modules/notices/notices.routes.js';
import type { AttemptEvents, Learning } from './modules/attempts/attempts.service.js';
import analyticsRoutes from './modules/analytics/analytics.routes.js';
import auditRoutes from './modules/audit/audit.routes.js';
import { signInPruningJob } from './modules/auth/auth.jobs.js';
import authRoutes from './modules/auth/auth.routes.js';
import adminContestsRoutes from './modules/contests/admin-contests.routes.js';
import { expiredHoldsJob } from './modules/contests/contests.jobs.js';
import contestsRoutes from './modules/contests/contests.routes.js';
import type { ContestPayments } from './modules/contests/contests.service.js';
import adminBlogsRoutes from './modules/blogs/admin-blogs.routes.js';
import blogsRoutes from './modules/blogs/blogs.routes.js';
import contestsLiveRoutes from './modules/contests/contests-live.routes.js';
import { geocodingCachePruningJob } from './modules/geo/geo.jobs.js';
import geoRoutes from './modules/geo/geo.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import { mediaServeRoutes, mediaUploadRoutes } from './modules/media/media.routes.js';
import { settlePaymentsJob } from './modules/payments/payments.jobs.js';
import paymentsRoutes from './modules/payments/payments.routes.js';
import practiceRoutes from './modules/practice/practice.routes.js';
import previewRoutes from './modules/preview/preview.routes.js';
import questionRoutes from './modules/questions/questions.routes.js';
import seoRoutes from './modules/seo/seo.routes.js';
import adminPapersRoutes from './modules/papers/admin-papers.routes.js';
import papersRoutes from './modules/papers/papers.routes.js';
import paperAttemptsRoutes from './modules/papers/paper-attempts.routes.js';
import adminTopicsRoutes from './modules/topics/admin-topics.routes.js';
import topicsRoutes from './modules/topics/topics.routes.js';
import type { PageViewRecorder } from './modules/tracking/page-view-recorder.js';
import { pageViewRollUpJob } from './modules/tracking/tracking.jobs.js';
import trackingRoutes from './modules/tracking/tracking.routes.js';
import adminUsersRoutes from './modules/users/admin-users.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import { adminScope } from './plugins/admin-scope.js';
import admissionPlugin from './plugins/admission.js';
import authPlugin, { type Guards } from './plugins/auth.js';
import errorsPlugin, { clientErrorHandler, routerErrorHandler } from './plugins/errors.js';
import metricsPlugin, { metricsWanted } from './plugins/metrics.js';
import openapiPlugin from './plugins/openapi.js';
import requestLogPlugin from './plugins/request-log.js';
import securityPlugin, { securityHeaders } from './plugins/security.js';
import shutdownPlugin from './plugins/shutdown.js';
import webPlugin from './plugins/web.js';
import { wireModules, type PaidEntryPort } from './wiring.js';

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
  extraApiRoutes?: (app: FastifyInstance, guards: Guards) => void;
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

export type { PaidEntryPort } from './wiring.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: DbHandle['db'];
  }
}

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
    // Answered by plugins/shutdown.ts instead, in the one error shape.
    return503OnClosing: false,
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

  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  // Before the routes, whose every answer it times; off (nothing added, prom-client not even loaded) unless METRICS_TOKEN or METRICS_PORT is set.
  const metrics = metricsWanted(config.metrics) ? (await import('./plugins/metrics-registry.js')).createAppMetrics(app.log) : null;
  await app.register(metricsPlugin, { metrics, settings: config.metrics });
  await app.register(securityPlugin, { headers });
  // After the security headers' hook, so that a refusal during shutdown carries them too.
  await app.register(shutdownPlugin);
  await app.register(rateLimit, {
    global: false,
    store: fallbackStore(redis, 'abhyas-rl:'),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 429, `Too many requests. Try again in ${context.after}.`),
  });
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  // Before the routes, whose heavy handlers it wraps.
  const admission = new Admission(config.heavyRequests);
  await app.register(admissionPlugin, { admission });

  // The exam's counters hear the engine's events; a re-marking's (no `by`) is no submission.
  const attemptsHeard: AttemptEvents | null = metrics && {
    changed(e) {
      if (e.kind === 'saved') metrics.saved();
      else if (e.by) metrics.submitted(e.by);
    },
  };
  const m = wireModules(config, { db, clock, log: app.log, redis }, attemptsHeard ? { ...deps, attemptsHeard } : deps);
  const { core, guards } = m;
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { dbHandle: deps.dbHandle, redis });
      await api.register(authRoutes, {
        deps: m.auth,
        guards,
        perIpPerMinute: config.auth.rateLimitPerMinute,
        secureCookies: config.appEnv === 'production',
      });
      await api.register(usersRoutes, { deps: core, guards });
      await api.register(geoRoutes, { deps: m.geo });
      await api.register(adsPublicRoutes, { deps: core, guards });
      await api.register(papersRoutes, { prefix: '/tests', deps: core, guards, attemptsSummary: m.attemptsSummary });
      await api.register(paperAttemptsRoutes, { prefix: '/tests', deps: m.exam, guards });
      await api.register(attemptsRoutes, { deps: m.exam, guards, savesPerMinute: config.exam.savesPerMinute });
      await api.register(attemptViewRoutes, { deps: m.exam, guards, perMinute: config.exam.savesPerMinute });
      await api.register(practiceRoutes, { deps: m.practice, guards });
      await api.register(challengesRoutes, { deps: m.challenges, guards });
      await api.register(noticeRoutes, { deps: core, guards });
      await api.register(contestsLiveRoutes, { prefix: '/contests', deps: core, live: m.live, guards });
      await api.register(contestsRoutes, { prefix: '/contests', deps: m.contests, guards, joinsPerMinute: config.contests.joinsPerMinute });
      if (m.payments) {
        await api.register(paymentsRoutes, {
          deps: m.payments,
          guards,
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
          await admin.register(adminPapersRoutes, { prefix: '/tests', deps: core });
          await admin.register(adminContestsRoutes, { prefix: '/contests', deps: m.contests });
          await admin.register(adminChallengesRoutes, { deps: m.challenges });
        },
        adminOnlyRoutes: async (admin) => {
          await admin.register(analyticsRoutes, { prefix: '/analytics', deps: core });
          await admin.register(adminUsersRoutes, { prefix: '/users', deps: core });
          await admin.register(auditRoutes, { prefix: '/audit', deps: core });
        },
      });
      deps.extraApiRoutes?.(api, guards);
    },
    { prefix: '/api' },
  );
  await app.register(blogsRoutes, { deps: core });
  await app.register(topicsRoutes, { deps: core });
  await app.register(trackingRoutes, { deps: { clock, recorder: m.pageViews }, guards, perIpPerMinute: config.tracking.rateLimitPerMinute, publicUrl: config.publicUrl });
  await app.register(mediaServeRoutes, { db });
  await app.register(seoRoutes, { deps: m.seo });
  await app.register(webPlugin, { distDir: config.webDistDir, pageMeta: m.pageMeta });

  // Readiness waits a little for Redis's first connection (limits are shared from the first
  // request), not for Redis to come back.
  app.addHook('onReady', () => redis.settled(REDIS_WAIT_MS));
  app.addHook('onReady', () => m.live.start());
  // Streams end before the server closes: an open stream would hold its connection.
  app.addHook('preClose', () => m.live.close());
  // Closed last: Fastify runs onClose hooks in the reverse order of their adding, so the periodic
  // jobs below have stopped (a running round finished) before the page views' last batch is written.
  app.addHook('onClose', async () => {
    await m.pageViews.close();
    log?.close();
  });

  // Background jobs, each declared by its module; the ones that must run once across processes
  // claim their work in the database.
  const periodicLag = runPeriodically(app, [
    overdueAttemptsJob(m.exam, config.exam.sweepIntervalMs),
    expiredHoldsJob(core, config.contests.sweepIntervalMs),
    ...(m.payments ? [settlePaymentsJob(m.payments, config.contests.sweepIntervalMs)] : []),
    pageViewRollUpJob(core, config.tracking.retentionDays),
    signInPruningJob(core),
    geocodingCachePruningJob(core),
  ]);

  metrics?.watch({
    dialect: deps.dbHandle.dialect,
    openAttempts: () => countOpenTimedAttempts(db),
    liveViewers: () => m.live.viewers(),
    trackingHeld: () => m.pageViews.held(),
    heavyRequests: () => admission.use(),
    ...(deps.dbHandle.pool ? { pool: deps.dbHandle.pool } : {}),
    periodicLag,
  });

  return app;
}
