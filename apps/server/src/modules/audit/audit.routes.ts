import { auditPageSchema, auditQuerySchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { fileAnswer } from '../../lib/http-schemas.js';
import { AUDIT_CSV_HEADER, auditCsv, listAudit } from './audit.service.js';

/** /api/admin/audit, admins only: the audit trail, read-only (no route adds, changes or removes a record), and the same as CSV. */
const auditRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock } }> = async (app, { deps }) => {
  app.get('/', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (req) => listAudit(deps, req.query));

  app.get('/export', { schema: { querystring: auditQuerySchema, response: { 200: fileAnswer(`The matching records as CSV: ${AUDIT_CSV_HEADER}`, ['text/csv']) } } }, async (req, reply) => {
    const file = await auditCsv(deps, req.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.text);
  });
};

export default auditRoutes;
