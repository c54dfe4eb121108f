import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.dbHandle.dispose();
});

/** Everything the server writes on the socket until it closes it. */
async function readAll(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'end');
  return Buffer.concat(chunks).toString('utf8');
}

describe('a request arriving while the server shuts down', () => {
  it('is answered 503 in the one error shape, with Retry-After and Connection: close', async () => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app must listen on a TCP port');
    // A connection whose request has begun but not ended is not idle, so shutdown waits for it
    // rather than closing it; the request reaches the server only after shutdown has begun.
    const socket = connect(address.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(100);
    const closed = t.app.close();
    for (let waited = 0; t.app.server.listening && waited < 5_000; waited += 10) await sleep(10);
    expect(t.app.server.listening).toBe(false);
    const answer = readAll(socket);
    socket.write('Accept: application/json\r\n\r\n');
    const raw = await answer;
    await closed;

    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const [status, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    expect(status).toBe('HTTP/1.1 503 Service Unavailable');
    expect(JSON.parse(body)).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The server is shutting down. Please try again in a moment.' });
    expect(headers['retry-after']).toBe('5');
    expect(headers['connection']).toBe('close');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});
