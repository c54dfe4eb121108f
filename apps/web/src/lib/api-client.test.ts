import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP, profileResponseSchema } from '@abhyas/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { user as account } from '@/testing/fixtures';
import type { Language } from '@abhyas/contracts';
import type * as I18n from '@/i18n/i18n';
import { apiDownload, apiRequest, apiUrl, fileNameFromDisposition, setApiOrigin } from './api-client';
import { ApiError } from './api-error';

// The UI's language as the client reads it; the Hindi catalogues are not needed to see it sent.
const ui = vi.hoisted(() => ({ language: 'en' as Language }));
vi.mock('@/i18n/i18n', async (original) => ({ ...(await original<typeof I18n>()), getLocale: () => ui.language }));

const user = account({ name: 'Asha', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' });

const passthrough = { safeParse: (data: unknown) => ({ success: true as const, data }) };

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  res.writeHead(status, { ...(text ? { 'Content-Type': type } : {}), ...headers });
  res.end(text);
}

// A real HTTP server standing in for the API; the page (happy-dom) is on another origin, hence CORS.
function handle(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
  res.setHeader('Access-Control-Expose-Headers', 'retry-after');
  if (req.method === 'OPTIONS') return send(res, 204);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    switch (req.url) {
      case '/api/echo':
        return send(res, 200, {
          authorization: req.headers.authorization ?? null,
          contentType: req.headers['content-type'] ?? null,
          acceptLanguage: req.headers['accept-language'] ?? null,
          method: req.method,
          body: body ? JSON.parse(body) : null,
        });
      case '/api/raw':
        return send(res, 200, { authorization: req.headers.authorization ?? null, contentType: req.headers['content-type'] ?? null, text: body });
      case '/api/file':
        res.setHeader('Access-Control-Expose-Headers', 'content-disposition');
        return send(res, 200, '::Q1:: 2+2? {=4 ~5}', { 'Content-Disposition': 'attachment; filename="bank.gift"' });
      case '/api/users/profile':
        return send(res, 200, { user: { ...user, passwordHash: 'never sent in real life' } });
      case '/api/bad-shape':
        return send(res, 200, { user: { id: 1 } });
      case '/api/no-content':
        return send(res, 204);
      case '/api/expired':
      case '/expired':
        return send(res, 401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Your session has expired' });
      case '/api/auth/login':
        return send(res, 401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' });
      case '/api/invalid':
        return send(res, 400, {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Some fields are invalid',
          details: [{ field: 'pincode', message: 'Enter a 6-digit PIN code' }],
        });
      case '/api/limited':
        return send(res, 429, { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts' }, { 'Retry-After': '60' });
      case '/api/broken':
        return send(res, 502, 'Bad gateway');
      default:
        return send(res, 404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }
  });
}

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setApiOrigin('');
});

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  setApiOrigin(origin);
  localStorage.clear();
  window.history.replaceState(null, '', '/profile');
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  localStorage.clear();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiUrl', () => {
  it('joins the main base (/api) and the alt base (origin)', () => {
    setApiOrigin('');
    expect(apiUrl('users/profile')).toBe('/api/users/profile');
    expect(apiUrl('/public/allblogs', 'alt')).toBe('/public/allblogs');
  });
});

describe('apiRequest', () => {
  it('adds the bearer token when one is stored', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok-123');
    const echo = await apiRequest('echo', { schema: passthrough });
    expect(echo).toMatchObject({ authorization: 'Bearer tok-123' });
  });

  it("sends the UI's language, in which the server answers", async () => {
    expect(await apiRequest('echo', { schema: passthrough })).toMatchObject({ acceptLanguage: 'en' });
    ui.language = 'hi';
    try {
      expect(await apiRequest('echo', { method: 'POST', body: {}, schema: passthrough })).toMatchObject({ acceptLanguage: 'hi' });
    } finally {
      ui.language = 'en';
    }
  });

  it('sends no Authorization header without a token', async () => {
    const echo = await apiRequest('echo', { schema: passthrough });
    expect(echo).toMatchObject({ authorization: null });
  });

  it('sends JSON bodies', async () => {
    const echo = await apiRequest('echo', { method: 'PUT', body: { city: 'Pune' }, schema: passthrough });
    expect(echo).toMatchObject({ method: 'PUT', contentType: 'application/json', body: { city: 'Pune' } });
  });

  it('parses a successful answer with the contracts schema', async () => {
    const profile = await apiRequest('users/profile', { schema: profileResponseSchema });
    expect(profile.user).toEqual(user);
    expect(profile.user).not.toHaveProperty('passwordHash');
  });

  it('resolves undefined for 204 No Content', async () => {
    await expect(apiRequest('no-content', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('rejects an answer that does not match the schema', async () => {
    const error = await rejection(apiRequest('bad-shape', { schema: profileResponseSchema }));
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it('on 401 from the main API removes the token and goes to /login', async () => {
    localStorage.setItem(APP.authTokenKey, 'expired');
    const error = await rejection(apiRequest('expired'));
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Your session has expired' });
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('does not navigate again when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    localStorage.setItem(APP.authTokenKey, 'expired');
    await rejection(apiRequest('expired'));
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('with skipAuthRedirect a 401 keeps the token and the page', async () => {
    localStorage.setItem(APP.authTokenKey, 'still-valid');
    const error = await rejection(apiRequest('auth/login', { method: 'POST', body: {}, skipAuthRedirect: true }));
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' });
    expect(localStorage.getItem(APP.authTokenKey)).toBe('still-valid');
    expect(assign).not.toHaveBeenCalled();
  });

  it('skipAuthRedirect can decide per error', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const onlyWrongPassword = (e: ApiError) => e.code === 'INVALID_CREDENTIALS';
    await rejection(apiRequest('auth/login', { skipAuthRedirect: onlyWrongPassword }));
    expect(assign).not.toHaveBeenCalled();
    await rejection(apiRequest('expired', { skipAuthRedirect: onlyWrongPassword }));
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('a 401 from the alt base does not end the session', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    await rejection(apiRequest('expired', { base: 'alt' }));
    expect(localStorage.getItem(APP.authTokenKey)).toBe('tok');
    expect(assign).not.toHaveBeenCalled();
  });

  it('rejects other errors with the body: code, message and details', async () => {
    const error = await rejection(apiRequest('invalid', { method: 'PUT', body: {} }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are invalid' });
    expect(error.details).toEqual([{ field: 'pincode', message: 'Enter a 6-digit PIN code' }]);
    expect(error.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps Retry-After of a rate-limited answer', async () => {
    const error = await rejection(apiRequest('limited', { method: 'POST' }));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many attempts', retryAfterSeconds: 60 });
  });

  it('rejects a non-JSON error with a readable message', async () => {
    const error = await rejection(apiRequest('broken'));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', body: null });
    expect(error.message).toMatch(/502/);
  });

  it('rejects a network failure with a message', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setApiOrigin(`http://127.0.0.1:${port}`);

    const error = await rejection(apiRequest('echo'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(error.message).toMatch(/could not reach the server/i);
  });
});

describe('raw bodies and downloads', () => {
  it('sends a Blob as-is with its content type, not as JSON', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const echoed = await apiRequest('raw', { method: 'POST', body: new Blob(['::Q:: 1+1 {=2}']), contentType: 'text/plain', schema: passthrough });
    expect(echoed).toEqual({ authorization: 'Bearer tok', contentType: 'text/plain', text: '::Q:: 1+1 {=2}' });
  });

  it('sends an ArrayBuffer as application/octet-stream by default', async () => {
    const echoed = await apiRequest('raw', { method: 'POST', body: new TextEncoder().encode('a,b').buffer, schema: passthrough });
    expect(echoed).toMatchObject({ contentType: 'application/octet-stream', text: 'a,b' });
  });

  it('still sends plain objects as JSON', async () => {
    const echoed = await apiRequest('raw', { method: 'POST', body: { a: 1 }, schema: passthrough });
    expect(echoed).toMatchObject({ contentType: 'application/json', text: '{"a":1}' });
  });

  it('downloads a file with the token and its name', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const file = await apiDownload('file');
    expect(file.fileName).toBe('bank.gift');
    expect(await file.blob.text()).toBe('::Q1:: 2+2? {=4 ~5}');
  });

  it('ends the session when a download answers 401', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    await rejection(apiDownload('expired'));
    expect(localStorage.getItem(APP.authTokenKey)).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('reads file names from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.xml"')).toBe('a b.xml');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%85.csv")).toBe('अ.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
