import { adminQuestionResponseSchema, questionBulkResponseSchema, questionBulkSchema, questionInputSchema, questionListQuerySchema, questionPageSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Guards } from '../../plugins/auth.js';
import { bulkQuestions, createQuestion, getQuestion, listQuestions, updateQuestion } from './questions.service.js';

const idParams = z.object({ id: z.string().max(64, { error: 'Id is too long' }) });

/** The question bank for editors and admins (correct answers included: never for candidates). */
const questionRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock }; guards: Guards }> = async (app, { deps, guards }) => {
  app.addHook('onRequest', guards.requireRole('editor', 'admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/', { schema: { querystring: questionListQuerySchema, response: { 200: questionPageSchema } } }, async (req) => listQuestions(deps, req.query));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminQuestionResponseSchema } } }, async (req) => ({ data: await getQuestion(deps, req.params.id) }));
  app.post('/', { schema: { body: questionInputSchema, response: { 201: adminQuestionResponseSchema } } }, async (req, reply) =>
    reply.code(201).send({ data: await createQuestion(deps, req.body, req.user!.id) }),
  );
  app.put('/:id', { schema: { params: idParams, body: questionInputSchema, response: { 200: adminQuestionResponseSchema } } }, async (req) => ({
    data: await updateQuestion(deps, req.params.id, req.body),
  }));
  app.post('/bulk', { schema: { body: questionBulkSchema, response: { 200: questionBulkResponseSchema } } }, async (req) => ({ affected: await bulkQuestions(deps, req.body) }));
};

export default questionRoutes;
