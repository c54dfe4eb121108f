import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import { DEMO_CONTENT_DIR } from './db/seed/content.js';
import { systemClock, type Clock } from './lib/clock.js';
import { AppError } from './lib/errors.js';
import { createLogger } from './lib/logger.js';
import authRoutes from './modules/auth/auth.routes.js';
import { pruneLoginAttempts } from './modules/auth/login-attempts.repo.js';
import { createTokenService } from './modules/auth/tokens.js';
import healthRoutes from './modules/health/health.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import adminContentRoutes from './modules/content/admin-content.routes.js';
import contentRoutes from './modules/content/content.routes.js';
import questionRoutes from './modules/questions/questions.routes.js';
import { mediaServeRoutes, mediaUploadRoutes } from './modules/media/media.routes.js';
import { adsAdminRoutes, adsPublicRoutes } from './modules/ads/ads.routes.js';
import geoRoutes from './modules/geo/geo.routes.js';
import { GEO_CACHE_TTL_MS } from './modules/geo/geo.service.js';
import { pruneGeoCache } from './modules/geo/geo.repo.js';
import { createNominatimGeocoder } from './modules/geo/nominatim.js';
import analyticsRoutes from './modules/analytics/analytics.routes.js';
import { recorderFromConfig, type PageViewRecorder } from './modules/tracking/page-view-recorder.js';
import { rollUpExpiredPageViews } from './modules/tracking/retention.js';
import trackingRoutes from './modules/tracking/tracking.routes.js';
import adminUsersRoutes from './modules/users/admin-users.routes.js';
import authPlugin, { createGuards } from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import openapiPlugin from './plugins/openapi.js';
import securityPlugin from './plugins/security.js';
import webPlugin from './plugins/web.js';
import { articleMeta, defaultMeta } from './modules/seo/page-meta.js';
import seoRoutes from './modules/seo/seo.routes.js';
import { LIMITS } from '@abhyas/contracts';

export type AppDeps = {
  dbHandle: DbHandle;
  clock?: Clock;
  /** Shared store for rate limits when several server processes run. */
  redis?: Redis;
  /** Where page views go; by default a recorder built from the configuration. Tests pass their own to flush it. */
  pageViews?: PageViewRecorder;
  /** Extra routes registered inside the API scope; tests use it to exercise the guards. */
  extraApiRoutes?: (app: FastifyInstance, guards: ReturnType<typeof createGuards>) => void;
  /** Sees every route as it is added; tests compare this route table with the API document. */
  onRoute?: (route: RouteOptions) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: DbHandle['db'];
  }
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;
const ROLL_UP_EVERY_MS = 60 * 60 * 1000;

/** Assembles the server: plugins, error handling and routes. It does not listen. */
export async function buildApp(config: Config, deps: AppDeps) {
  const clock = deps.clock ?? systemClock;
  const db = deps.dbHandle.db;
  const log = createLogger(config.logLevel);
  const app = Fastify({
    ...(log ? { loggerInstance: log.logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: config.http.bodyLimit,
    requestTimeout: config.http.requestTimeoutMs,
    trustProxy: config.http.trustProxy,
    genReqId: () => randomUUID(),
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
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
  await app.register(securityPlugin, { production: config.appEnv === 'production' });
  await app.register(rateLimit, {
    global: false,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'abhyas-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 429, `Too many requests. Try again in ${context.after}.`),
  });
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  const geocoder = createNominatimGeocoder(config.geocoder);
  const tokens = createTokenService(config.auth.jwtSecret, config.auth.tokenTtlMs, clock.now);
  const guards = createGuards(db, tokens);
  const pageViews = deps.pageViews ?? recorderFromConfig(config.tracking, db, app.log);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { dbHandle: deps.dbHandle });
      await api.register(authRoutes, { deps: { db, clock, tokens }, guards, perIpPerMinute: config.auth.rateLimitPerMinute });
      await api.register(usersRoutes, { deps: { db, clock }, guards });
      await api.register(adminContentRoutes, { prefix: '/admin', deps: { db, clock }, guards });
      await api.register(questionRoutes, { prefix: '/admin/questions', deps: { db, clock }, guards, importMaxBytes: config.importMaxBytes, mediaMaxBytes: config.mediaMaxBytes });
      await api.register(mediaUploadRoutes, { prefix: '/admin/media', deps: { db, clock }, guards, mediaMaxBytes: config.mediaMaxBytes, importMaxBytes: config.importMaxBytes });
      await api.register(geoRoutes, { deps: { db, clock, geocoder } });
      await api.register(adsPublicRoutes, { deps: { db, clock }, guards });
      await api.register(adsAdminRoutes, { prefix: '/admin/ads', deps: { db, clock }, guards });
      await api.register(analyticsRoutes, { prefix: '/admin/analytics', deps: { db, clock }, guards });
      await api.register(adminUsersRoutes, { prefix: '/admin/users', deps: { db, clock }, guards });
      deps.extraApiRoutes?.(api, guards);
    },
    { prefix: '/api' },
  );
  await app.register(contentRoutes, { deps: { db, clock } });
  await app.register(trackingRoutes, { deps: { clock, recorder: pageViews }, guards, perIpPerMinute: config.tracking.rateLimitPerMinute });
  await app.register(mediaServeRoutes, { db });
  const covers = join(DEMO_CONTENT_DIR, 'covers');
  if (existsSync(covers)) {
    await app.register(fastifyStatic, {
      root: covers,
      prefix: '/covers/',
      decorateReply: false,
      wildcard: false,
      schemaHide: true,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=86400'),
    });
  }

  await app.register(seoRoutes, { db, publicUrl: config.publicUrl });
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    pageMeta: async (path) => {
      const article = await articleMeta(db, config.publicUrl, path);
      return article ? { meta: article, found: true } : { meta: defaultMeta(config.publicUrl, path), found: article === undefined };
    },
  });

  let pruneTimer: NodeJS.Timeout | undefined;
  let rollUpTimer: NodeJS.Timeout | undefined;
  // Raw page views past the retention period become daily aggregates (docs/decisions/009).
  let rollingUp: Promise<void> | undefined;
  const rollUp = () => {
    rollingUp ??= rollUpExpiredPageViews({ db, clock }, config.tracking.retentionDays)
      .then((erased) => void (erased > 0 && app.log.info({ erased }, 'raw page views rolled into daily aggregates')))
      .catch((err: unknown) => app.log.warn({ err }, 'rolling up page views failed'))
      .finally(() => {
        rollingUp = undefined;
      });
  };
  app.addHook('onReady', async () => {
    pruneTimer = setInterval(() => {
      pruneLoginAttempts(db, clock.now() - LIMITS.loginFailureWindowMs).catch((err) => app.log.warn({ err }, 'pruning login attempts failed'));
      pruneGeoCache(db, clock.now() - GEO_CACHE_TTL_MS).catch((err) => app.log.warn({ err }, 'pruning the geocoding cache failed'));
    }, PRUNE_EVERY_MS);
    pruneTimer.unref();
    rollUpTimer = setInterval(rollUp, ROLL_UP_EVERY_MS);
    rollUpTimer.unref();
    rollUp();
  });
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    clearInterval(rollUpTimer);
    await rollingUp;
    await pageViews.close();
    log?.close();
  });

  return app;
}
