import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { gif, jpeg, png, SVG, webp } from '../../../test/fixtures/images.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ env: { MEDIA_MAX_BYTES: String(64 * 1024) } });
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => t.close());

const upload = (body: Buffer | string, contentType = 'image/png', headers = editor) =>
  t.app.inject({ method: 'POST', url: '/api/admin/media', headers: { ...headers, 'content-type': contentType }, payload: body });

describe('uploading an image', () => {
  it('is for editors and admins only', async () => {
    expect((await upload(png(), 'image/png', {})).statusCode).toBe(401);
    const candidate = (await signedInUser(t.app, t.db)).auth;
    const res = await upload(png(), 'image/png', candidate);
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('media').select('key').execute()).toEqual([]);
  });

  it('stores a PNG once and gives its address, type and size', async () => {
    const image = png(3, 2, 10);
    const first = await upload(image);
    expect(first.statusCode, first.body).toBe(201);
    const media = first.json().data;
    expect(media).toMatchObject({ contentType: 'image/png', bytes: image.length, width: 3, height: 2 });
    expect(media.url).toBe(`/media/${media.key}.png`);
    const again = await upload(image);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(media);
    expect(await t.db.selectFrom('media').select('key').where('key', '=', media.key).execute()).toHaveLength(1);
  });

  it.each([
    ['JPEG', jpeg(30, 20), 'image/jpeg', 'jpg'],
    ['WebP', webp(40, 30), 'image/webp', 'webp'],
    ['GIF', gif(5, 6), 'image/gif', 'gif'],
  ])('knows a %s by its bytes, whatever type the upload claims', async (_name, bytes, type, extension) => {
    const res = await upload(bytes, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.contentType).toBe(type);
    expect(res.json().data.url).toMatch(new RegExp(`^/media/[0-9a-f]{32}\\.${extension}$`));
  });

  it.each([
    ['an SVG (which can carry script)', SVG, 'image/svg+xml'],
    ['HTML that claims to be a PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
    ['a PNG signature with nothing after it', png().subarray(0, 10), 'image/png'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
    ['JSON', JSON.stringify({ url: 'x' }), 'application/json'],
  ])('refuses %s with 415', async (_name, body, type) => {
    const before = await t.db.selectFrom('media').select('key').execute();
    const res = await upload(body, type);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Upload a PNG, JPEG, WebP or GIF image' });
    expect(await t.db.selectFrom('media').select('key').execute()).toEqual(before);
  });

  it('refuses an image over the size limit with 413 and says the limit', async () => {
    const res = await upload(Buffer.concat([png(), Buffer.alloc(70 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Images up to 64 KB can be uploaded' });
  });

  it('refuses an image too large to decode on a phone with 400', async () => {
    const res = await upload(png(9000, 10));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'file', message: 'Images up to 8000 × 8000 pixels can be uploaded; this one is 9000 × 10' }] });
  });
});

describe('upload limits', () => {
  it('tells editors the limits in force', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/media/settings', headers: editor });
    expect(res.json()).toEqual({ data: { importMaxBytes: 20 * 1024 * 1024, mediaMaxBytes: 64 * 1024 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/media/settings' })).statusCode).toBe(401);
  });
});

describe('serving stored images', () => {
  it('serves the bytes with their type, for a year, to anyone', async () => {
    const image = jpeg(8, 8);
    const { url, key } = (await upload(image)).json().data;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(image)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${key}"`,
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const cached = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${key}"` } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it.each([
    ['an unknown key', `/media/${'0'.repeat(32)}.png`],
    ['the wrong extension', 'EXT'],
    ['a name that is not a key', '/media/..%2f..%2fapp.db'],
    ['an upper-case key', `/media/${'A'.repeat(32)}.png`],
  ])('answers 404 for %s', async (_name, path) => {
    let url = path;
    if (path === 'EXT') url = (await upload(gif(2, 2))).json().data.url.replace(/\.gif$/, '.png');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('shows uploaded images in rendered Markdown', async () => {
    const { url } = (await upload(png(4, 4, 200))).json().data;
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/preview', headers: editor, payload: { content: `![A bar chart](${url})` } });
    expect(res.json().html).toContain(`<img src="${url}" alt="A bar chart"`);
  });
});
