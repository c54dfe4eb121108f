import { editorSettingsResponseSchema, MEDIA_EXTENSIONS, MEDIA_FILE_SOURCE, mediaResponseSchema } from '@abhyas/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { fileAnswer, notModified } from '../../lib/http-schemas.js';
import { readableSize } from '../../lib/images.js';
import { imageFile, storeImage } from './media.service.js';

type Options = { deps: { db: Db; clock: Clock }; mediaMaxBytes: number; importMaxBytes: number };

/**
 * POST /api/admin/media, inside the admin scope: an editor uploads an image as the raw request body.
 * The answer gives the address to use in Markdown.
 */
export const mediaUploadRoutes: FastifyPluginAsyncZod<Options> = async (app, { deps, mediaMaxBytes, importMaxBytes }) => {
  // GET /api/admin/media/settings: the limits in force, so pages refuse a file before sending it.
  app.get('/settings', { schema: { response: { 200: editorSettingsResponseSchema } } }, async () => ({ data: { importMaxBytes, mediaMaxBytes } }));
  // Every body arrives as bytes here, whatever it claims to be; the signature check decides.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: mediaMaxBytes }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, `Images up to ${readableSize(mediaMaxBytes)} can be uploaded`);
    }
    throw err;
  });

  app.post('/', { bodyLimit: mediaMaxBytes, schema: { consumes: Object.keys(MEDIA_EXTENSIONS), response: { 200: mediaResponseSchema, 201: mediaResponseSchema } } }, async (req, reply) => {
    const { media, created } = await storeImage(deps, req.body, { maxBytes: mediaMaxBytes, createdBy: req.user!.id });
    return reply.code(created ? 201 : 200).send({ data: media });
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
    const image = await imageFile({ db }, key, extension);
    if (!image) throw notFound('Image not found');
    return reply
      .headers({ ...cacheHeaders, 'content-type': image.content_type, 'content-length': String(image.bytes), 'content-disposition': 'inline', 'content-security-policy': "default-src 'none'; sandbox" })
      .send(image.data);
  });
};
