import {
  adminContestListQuerySchema,
  adminContestPageSchema,
  adminContestResponseSchema,
  contestCancelSchema,
  contestInputSchema,
  contestPaperQuerySchema,
  contestPaperResponseSchema,
} from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noContent } from '../../lib/http-schemas.js';
import { actorOf } from '../audit/audit.service.js';
import { contestPaperExposure } from './editing/contest-paper.js';
import { cancelContest, createContest, deleteContest, getAdminContest, listAdminContests, updateContest, type ContestAdminDeps } from './contests.service.js';

/**
 * /api/admin/contests, inside the admin scope: editors create, schedule, publish (`published`) and
 * cancel contests. Seats never go below those taken; cancelling refunds paid entries and tells every
 * entrant; only a draft nobody entered can be deleted. `/paper` tells what candidates have already
 * seen of a test before it becomes a contest's paper.
 */
const adminContestsRoutes: FastifyPluginAsyncZod<{ deps: ContestAdminDeps }> = async (app, { deps }) => {
  app.get('/', { schema: { querystring: adminContestListQuerySchema, response: { 200: adminContestPageSchema } } }, async (req) => listAdminContests(deps, req.query));
  app.get('/paper', { schema: { querystring: contestPaperQuerySchema, response: { 200: contestPaperResponseSchema }, errorStatuses: [404] } }, async (req) => ({
    data: await contestPaperExposure(deps, req.query.testId),
  }));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminContestResponseSchema } } }, async (req) => ({ data: await getAdminContest(deps, req.params.id) }));
  app.post('/', { schema: { body: contestInputSchema, response: { 201: adminContestResponseSchema }, errorStatuses: [409] } }, async (req, reply) =>
    reply.code(201).send({ data: await createContest(deps, actorOf(req), req.body, req.user!.id) }),
  );
  app.put('/:id', { schema: { params: idParams, body: contestInputSchema, response: { 200: adminContestResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await updateContest(deps, actorOf(req), req.params.id, req.body),
  }));
  app.post('/:id/cancel', { schema: { params: idParams, body: contestCancelSchema, response: { 200: adminContestResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await cancelContest(deps, actorOf(req), req.params.id, req.body.reason),
  }));
  app.delete('/:id', { schema: { params: idParams, response: { 204: noContent }, errorStatuses: [409] } }, async (req, reply) => {
    await deleteContest(deps, actorOf(req), req.params.id);
    return reply.code(204).send();
  });
};

export default adminContestsRoutes;
