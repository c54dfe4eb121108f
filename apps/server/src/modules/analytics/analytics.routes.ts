import { analyticsQuerySchema, analyticsResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { fileAnswer } from '../../lib/http-schemas.js';
import { analyticsCsv, analyticsReport } from './analytics.service.js';

/** /api/admin/analytics, admins only: the visitor report for a date range, and the same as a CSV file. */
const analyticsRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock } }> = async (app, { deps }) => {
  app.get('/', { schema: { querystring: analyticsQuerySchema, response: { 200: analyticsResponseSchema } } }, async (req) => ({ data: await analyticsReport(deps, req.query) }));

  app.get('/export', { schema: { querystring: analyticsQuerySchema, response: { 200: fileAnswer('The report as CSV: section,item,views,visitors,anonymous_views', ['text/csv']) } } }, async (req, reply) => {
    const file = await analyticsCsv(deps, req.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.text);
  });
};

export default analyticsRoutes;
