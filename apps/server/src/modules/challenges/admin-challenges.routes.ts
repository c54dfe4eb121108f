import { challengeQueueQuerySchema, challengeQueueSchema, flagResolveInputSchema, flagResolveResultSchema, keyDecisionInputSchema, keyDecisionResultSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/http-schemas.js';
import { actorOf } from '../audit/audit.service.js';
import { challengeQueue } from './challenge-queue.js';
import { decideKey, resolveReports, type DecisionDeps } from './key-decision.js';

/**
 * Inside the admin scope (editors and admins): the queue of challenges and reports, key decisions
 * (/api/admin/questions/:id/key-decisions) that re-mark the attempts they cover, and closing reports.
 */
const adminChallengesRoutes: FastifyPluginAsyncZod<{ deps: DecisionDeps }> = async (app, { deps }) => {
  app.get('/challenges', { schema: { querystring: challengeQueueQuerySchema, response: { 200: challengeQueueSchema } } }, async (request) => ({ data: await challengeQueue(deps, request.query) }));
  app.post('/challenges/resolve', { schema: { body: flagResolveInputSchema, response: { 200: flagResolveResultSchema } } }, async (request) => ({
    data: { resolved: await resolveReports(deps, actorOf(request), request.body) },
  }));
  app.post('/questions/:id/key-decisions', { schema: { params: idParams, body: keyDecisionInputSchema, response: { 200: keyDecisionResultSchema } } }, async (request) => ({
    data: await decideKey(deps, actorOf(request), request.params.id, request.body),
  }));
};

export default adminChallengesRoutes;
