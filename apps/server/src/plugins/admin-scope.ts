import type { FastifyInstance } from 'fastify';
import { guardEveryRoute, type Guards } from './auth.js';

type Register = (scope: FastifyInstance) => Promise<void>;

/**
 * The scope every /api/admin route is registered in (under the prefix it is given): editors and
 * admins only, and never kept by a browser or a proxy. `adminOnly` routes, registered in a scope
 * inside it, additionally require the admin role. The guard runs before the body is read, so a
 * refused request costs no parsing; it is each route's own hook, so the API document shows it.
 */
export async function adminScope(app: FastifyInstance, opts: { guards: Guards; editorRoutes: Register; adminOnlyRoutes: Register }) {
  guardEveryRoute(app, opts.guards.requireRole('editor', 'admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await opts.editorRoutes(app);
  await app.register(async (adminOnly) => {
    guardEveryRoute(adminOnly, opts.guards.narrowRole('admin'));
    await opts.adminOnlyRoutes(adminOnly);
  });
}
