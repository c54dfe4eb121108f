import { editorSettingsResponseSchema, MEDIA_EXTENSIONS, MEDIA_FILE_SOURCE, mediaResponseSchema } from '@abhyas/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { guardEveryRoute, type Guards } from '../../plugins/auth.js';
import { fileAnswer, notModified } from '../../lib/response-schemas.js';
import { IMAGE_TYPE_MESSAGE, inspectImage, readableSize, type Image } from './image.js';
import { findImage, storeImages } from './media.repo.js';

type Options = { deps: { db: Db; clock: Clock }; guards: Guards; mediaMaxBytes: number; importMaxBytes: number };

const toMedia = ({ key, url, contentType, bytes, width, height }: Image) => ({ key, url, contentType, bytes, width, height });

/**
 * POST /api/admin/media: an editor uploads an image as the raw request body. What the bytes are
 * decides, not the declared type or a file name; the answer gives the address to use in Markdown.
 */
export const mediaUploadRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, guards, mediaMaxBytes, importMaxBytes }) => {
  guardEveryRoute(app, guards.requireRole('editor', 'admin'));
  // GET /api/admin/media/settings: the limits in force, so pages refuse a file before sending it.
  app.get('/settings', { schema: { response: { 200: editorSettingsResponseSchema } } }, async () => ({ data: { importMaxBytes, mediaMaxBytes } }));
  // Every body arrives as bytes here, whatever it claims to be; the signature check below decides.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: mediaMaxBytes }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, `Images up to ${readableSize(mediaMaxBytes)} can be uploaded`);
    }
    throw err;
  });

  app.post('/', { bodyLimit: mediaMaxBytes, schema: { consumes: Object.keys(MEDIA_EXTENSIONS), response: { 200: mediaResponseSchema, 201: mediaResponseSchema } } }, async (req, reply) => {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, IMAGE_TYPE_MESSAGE);
    const check = inspectImage(req.body, mediaMaxBytes);
    if (!check.ok) {
      if (check.reason === 'type') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, check.message);
      if (check.reason === 'size') throw new AppError('PAYLOAD_TOO_LARGE', 413, check.message);
      throw new AppError('VALIDATION_FAILED', 400, check.message, [{ field: 'file', message: check.message }]);
    }
    const fresh = await storeImages(deps.db, [check.image], req.user!.id, deps.clock.now());
    return reply.code(fresh.has(check.image.key) ? 201 : 200).send({ data: toMedia(check.image) });
  });
};

const fileParams = z.object({ file: z.string().max(64).regex(new RegExp(`^${MEDIA_FILE_SOURCE}$`), { error: 'Not found' }) });

/**
 * GET /media/<key>.<ext>: stored images, for everyone. The key is derived from the bytes, so an
 * address never changes meaning and browsers may keep the image for a year without asking again.
 */
export const mediaServeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_ERR_VALIDATION') throw notFound('Image not found');
    throw err;
  });
  app.get('/media/:file', { schema: { params: fileParams, response: { 200: fileAnswer('The image, cached for a year', Object.keys(MEDIA_EXTENSIONS), z.unknown()), 304: notModified } } }, async (req, reply) => {
    const [key, extension] = req.params.file.split('.') as [string, string];
    const etag = `"${key}"`;
    const cacheHeaders = { 'cache-control': 'public, max-age=31536000, immutable', etag };
    if (req.headers['if-none-match'] === etag) return reply.code(304).headers(cacheHeaders).send();
    const image = await findImage(db, key);
    if (!image || MEDIA_EXTENSIONS[image.content_type] !== extension) throw notFound('Image not found');
    return reply
      .headers({ ...cacheHeaders, 'content-type': image.content_type, 'content-length': String(image.bytes), 'content-disposition': 'inline', 'content-security-policy': "default-src 'none'; sandbox" })
      .send(image.data);
  });
};
