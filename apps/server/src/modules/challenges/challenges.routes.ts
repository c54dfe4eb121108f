import { attemptChallengesSchema, challengeInputSchema, myFlagListSchema, myFlagResponseSchema, reportInputSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import { perUserLimit } from '../../plugins/per-user-limit.js';
import { attemptChallenges, challengeQuestion, myFlags, reportQuestion, type ChallengeDeps } from './challenges.service.js';

/** Challenges and reports a person may send in a minute. */
const FLAGS_PER_MINUTE = 20;

/**
 * The candidates' side of answer-key challenges and problem reports: a challenge of a question of
 * their own submitted attempt, a report of a question they were shown, and what became of each.
 */
const challengesRoutes: FastifyPluginAsyncZod<{ deps: ChallengeDeps; guards: Guards }> = async (app, { deps, guards }) => {
  const signedIn = guards.requireUser;
  const limited = { rateLimit: perUserLimit('question-flags', FLAGS_PER_MINUTE) };
  app.post(
    '/attempts/:id/challenges',
    { onRequest: signedIn, config: limited, schema: { params: idParams, body: challengeInputSchema, response: { 201: myFlagResponseSchema }, errorStatuses: [409] } },
    async (request, reply) => reply.code(201).send({ data: await challengeQuestion(deps, request.user!.id, request.params.id, request.body) }),
  );
  app.get('/attempts/:id/challenges', { onRequest: signedIn, schema: { params: idParams, response: { 200: attemptChallengesSchema } } }, async (request) => ({
    data: await attemptChallenges(deps, request.user!.id, request.params.id),
  }));
  app.post(
    '/questions/:id/reports',
    { onRequest: signedIn, config: limited, schema: { params: idParams, body: reportInputSchema, response: { 201: myFlagResponseSchema }, errorStatuses: [409] } },
    async (request, reply) => reply.code(201).send({ data: await reportQuestion(deps, request.user!.id, request.params.id, request.body) }),
  );
  app.get('/me/challenges', { onRequest: signedIn, schema: { response: { 200: myFlagListSchema } } }, async (request) => ({ data: await myFlags(deps, request.user!.id) }));
};

export default challengesRoutes;
