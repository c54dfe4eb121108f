import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP } from '@abhyas/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiOrigin } from './api-client';
import { ApiError } from './api-error';
import { uploadWithProgress } from './upload';

const passthrough = { safeParse: (data: unknown) => ({ success: true as const, data }) };

function handle(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept');
  res.setHeader('Access-Control-Allow-Methods', 'POST');
  if (req.method === 'OPTIONS') {
    res.writeHead(204);
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url?.startsWith('/api/upload')) {
      return json(200, {
        url: req.url,
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        acceptLanguage: req.headers['accept-language'] ?? null,
        text: Buffer.concat(chunks).toString('utf8'),
      });
    }
    if (req.url === '/api/expired') return json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Your session has expired' });
    if (req.url === '/api/too-big') return json(413, { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB' });
    return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });
}

let server: Server;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setApiOrigin('');
});

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/admin/questions/import');
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

describe('uploadWithProgress', () => {
  it('posts the raw file with the bearer token and parses the answer', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const progress: number[] = [];
    const answer = await uploadWithProgress('upload?dryRun=true', { body: new Blob(['::Q:: 1+1 {=2}']), schema: passthrough, onProgress: (f) => progress.push(f) });
    expect(answer).toEqual({ url: '/api/upload?dryRun=true', authorization: 'Bearer tok', contentType: 'application/octet-stream', acceptLanguage: 'en', text: '::Q:: 1+1 {=2}' });
    // Whatever the browser reported on the way, the bar ends full.
    expect(progress.at(-1)).toBe(1);
  });

  it('rejects with the API error (413)', async () => {
    const error = await uploadWithProgress('too-big', { body: new Blob(['x']), schema: passthrough }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'The file is larger than 20 MB' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('on 401 removes the token and goes to /login', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const error = await uploadWithProgress('expired', { body: new Blob(['x']), schema: passthrough }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });
});
