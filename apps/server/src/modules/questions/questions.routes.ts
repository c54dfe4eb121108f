import {
  adminQuestionResponseSchema,
  questionBulkResponseSchema,
  questionBulkSchema,
  questionExportQuerySchema,
  questionImportQuerySchema,
  questionImportReportSchema,
  questionInputSchema,
  questionListQuerySchema,
  questionPageSchema,
  questionVersionListSchema,
  questionVersionResponseSchema,
} from '@abhyas/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { validationFailed } from '../../lib/errors.js';
import { fileAnswer, idParams } from '../../lib/http-schemas.js';
import { actorOf } from '../audit/audit.service.js';
import { bulkQuestions, createQuestion, getQuestion, listQuestions, questionVersion, questionVersionHistory, updateQuestion } from './questions.service.js';

const versionParams = idParams.extend({
  version: z.coerce.number({ error: 'Version must be a number' }).int({ error: 'Version must be a whole number' }).min(1, { error: 'Versions start at 1' }).max(1_000_000, { error: 'No such version' }),
});
import { EXPORT_CONTENT_TYPES, exportQuestions, importFile } from './transfer.service.js';

/** Question files arrive as the raw request body, whatever their type. */
const FILE_TYPES = ['application/octet-stream', 'text/plain', 'text/csv', 'application/xml', 'text/xml', 'application/x-gift'];

/**
 * /api/admin/questions, inside the admin scope: the question bank for editors and admins (correct
 * answers included: never for candidates).
 */
const questionRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock }; importMaxBytes: number; mediaMaxBytes: number }> = async (app, { deps, importMaxBytes, mediaMaxBytes }) => {
  app.get('/', { schema: { querystring: questionListQuerySchema, response: { 200: questionPageSchema } } }, async (req) => listQuestions(deps, req.query));
  app.get('/:id', { schema: { params: idParams, response: { 200: adminQuestionResponseSchema } } }, async (req) => ({ data: await getQuestion(deps, req.params.id) }));
  app.post('/', { schema: { body: questionInputSchema, response: { 201: adminQuestionResponseSchema }, errorStatuses: [409] } }, async (req, reply) =>
    reply.code(201).send({ data: await createQuestion(deps, actorOf(req), req.body, req.user!.id) }),
  );
  app.put('/:id', { schema: { params: idParams, body: questionInputSchema, response: { 200: adminQuestionResponseSchema }, errorStatuses: [409] } }, async (req) => ({
    data: await updateQuestion(deps, actorOf(req), req.params.id, req.body),
  }));
  // Scoped to this plugin: nowhere else accepts a raw body.
  app.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: importMaxBytes }, (_req, body, done) => done(null, body));

  app.post(
    '/import',
    { bodyLimit: importMaxBytes, schema: { querystring: questionImportQuerySchema, consumes: FILE_TYPES, response: { 200: questionImportReportSchema } } },
    async (req) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw validationFailed([{ field: 'file', message: 'Send the question file as the request body' }]);
      return importFile(deps, actorOf(req), req.body, { ...req.query, authorId: req.user!.id, mediaMaxBytes });
    },
  );

  app.get('/export', { schema: { querystring: questionExportQuerySchema, response: { 200: fileAnswer('The questions as a file in the chosen format', EXPORT_CONTENT_TYPES) } } }, async (req, reply) => {
    const file = await exportQuestions(deps, req.query.format, { category: req.query.category, ids: req.query.ids });
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-questions-exported', String(file.count))
      .header('x-questions-not-representable', String(file.skipped.length))
      .send(file.text);
  });

  app.post('/bulk', { schema: { body: questionBulkSchema, response: { 200: questionBulkResponseSchema }, errorStatuses: [409] } }, async (req) => bulkQuestions(deps, actorOf(req), req.body));
  // A question's history: every version, what each changed, and each in full to compare two.
  app.get('/:id/versions', { schema: { params: idParams, response: { 200: questionVersionListSchema } } }, async (req) => ({ data: await questionVersionHistory(deps, req.params.id) }));
  app.get('/:id/versions/:version', { schema: { params: versionParams, response: { 200: questionVersionResponseSchema } } }, async (req) => ({
    data: await questionVersion(deps, req.params.id, req.params.version),
  }));
};

export default questionRoutes;
