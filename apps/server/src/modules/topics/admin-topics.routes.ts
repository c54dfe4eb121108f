import { adminTopicListSchema, adminTopicResponseSchema, topicInputSchema, topicPatchSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noContent } from '../../lib/http-schemas.js';
import { MARKDOWN_BODY_LIMIT } from '../../lib/markdown/markdown.js';
import { allTopics, createTopic, deleteTopic, setTopicPublished, topicById, updateTopicById, type TopicsDeps } from './topics.service.js';

/** /api/admin/topics: editing learning topics, inside the admin scope (editors and admins). */
const adminTopicsRoutes: FastifyPluginAsyncZod<{ deps: TopicsDeps }> = async (app, { deps }) => {
  const write = { bodyLimit: MARKDOWN_BODY_LIMIT };

  app.get('/', { schema: { response: { 200: adminTopicListSchema } } }, async () => ({ data: await allTopics(deps) }));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminTopicResponseSchema } } }, async (req) => ({
    data: await topicById(deps, req.params.id),
  }));
  app.post('/', { ...write, schema: { body: topicInputSchema, response: { 201: adminTopicResponseSchema }, errorStatuses: [409] } }, async (req, reply) =>
    reply.code(201).send({ data: await createTopic(deps, req.body) }),
  );
  app.patch('/:id', { ...write, schema: { params: idParams, body: topicPatchSchema, response: { 200: adminTopicResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await updateTopicById(deps, req.params.id, req.body),
  }));
  app.post('/:id/publish', { schema: { params: idParams, response: { 200: adminTopicResponseSchema } } }, async (req) => ({
    data: await setTopicPublished(deps, req.params.id, true),
  }));
  app.post('/:id/unpublish', { schema: { params: idParams, response: { 200: adminTopicResponseSchema } } }, async (req) => ({
    data: await setTopicPublished(deps, req.params.id, false),
  }));
  app.delete('/:id', { schema: { params: idParams, response: { 204: noContent } } }, async (req, reply) => {
    await deleteTopic(deps, req.params.id);
    return reply.code(204).send();
  });
};

export default adminTopicsRoutes;
