import { PassThrough } from 'node:stream';
import { leaderboardQuerySchema, leaderboardResponseSchema, ratingResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/index.js';
import { fileAnswer, idParams } from '../../lib/http-schemas.js';
import type { Guards } from '../../plugins/auth.js';
import type { ContestLive } from './board/live.js';
import { candidateRating } from './finalize/rating-history.js';

/**
 * Under /api/contests: the live leaderboard (a page of it, and its Server-Sent Events stream) and the
 * candidate's contest rating. The board answers any caller; a signed-in participant also gets their
 * own row (`me`), current even while the public board is frozen.
 */
const contestsLiveRoutes: FastifyPluginAsyncZod<{ deps: { db: Db }; live: ContestLive; guards: Guards }> = async (app, { deps, live, guards }) => {
  app.get('/rating', { onRequest: guards.requireUser, schema: { response: { 200: ratingResponseSchema } } }, async (req) => ({
    data: await candidateRating(deps, req.user!.id),
  }));

  // The page is sent as the JSON text the board writes from pieces it keeps per rebuild (board/board-json.ts):
  // a string with a JSON content type is not serialized again. The schema stays the documented answer,
  // and the route's tests check the text against it.
  app.get(
    '/:id/leaderboard',
    { onRequest: guards.optionalUser, schema: { params: idParams, querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } } },
    async (req, reply) => {
      const text = await live.pageText(req.params.id, { ...req.query, userId: req.user?.id ?? null });
      return reply.type('application/json; charset=utf-8').send(`{"data":${text}}` as never);
    },
  );

  // The stream: `event: board` with the board (top rows and the caller's own) on connect and after
  // every change, `: ping` every 20 s; it ends after the final board, or after `event: reconnect`
  // (with a `retry:` delay) when this process stops. Not compressed and not
  // buffered by proxies (X-Accel-Buffering), so each event leaves at once.
  app.get(
    '/:id/leaderboard/stream',
    {
      onRequest: guards.optionalUser,
      compress: false,
      exposeHeadRoute: false,
      schema: {
        params: idParams,
        response: { 200: fileAnswer('Server-Sent Events: `event: board` carrying the Leaderboard as JSON, on connect and on every change; `: ping` comments keep the connection; `event: reconnect` (with `retry:`, in milliseconds) before the stream ends because this server process stops: open it again', ['text/event-stream']) },
      },
    },
    async (req, reply) => {
      const stream = new PassThrough();
      const viewer = await live.watch(req.params.id, req.user?.id ?? null, {
        write: (text) => void stream.write(text),
        end: () => void stream.end(),
        backlog: () => stream.writableLength,
      });
      // Nothing more is written to a viewer once its connection has gone, even mid-write.
      stream.on('error', () => {});
      const leave = () => {
        viewer.close();
        stream.destroy();
      };
      reply.raw.on('close', leave);
      if (req.raw.destroyed) leave();
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};

export default contestsLiveRoutes;
