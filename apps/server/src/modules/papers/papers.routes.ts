import { testDetailResponseSchema, testListQuerySchema, testListResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slugParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { publishedTestDetail, publishedTests, type AttemptsSummary, type TestsDeps } from './papers.service.js';

/**
 * /api/tests: the published mock tests and each one's instructions page. `attemptsSummary` tells a
 * signed-in candidate's attempts at a test; without it (or without a sign-in) `myAttempts` is null.
 */
const testsRoutes: FastifyPluginAsyncZod<{ deps: TestsDeps; guards: Guards; attemptsSummary?: AttemptsSummary }> = async (app, { deps, guards, attemptsSummary }) => {
  app.get('/', { schema: { querystring: testListQuerySchema, response: { 200: testListResponseSchema } } }, async (req) => ({
    data: await publishedTests(deps, req.query.exam),
  }));

  app.get('/:slug', { onRequest: guards.optionalUser, schema: { params: slugParams, response: { 200: testDetailResponseSchema } } }, async (req) => ({
    data: await publishedTestDetail(deps, req.params.slug, req.user && attemptsSummary ? { userId: req.user.id, attemptsSummary } : undefined),
  }));
};

export default testsRoutes;
