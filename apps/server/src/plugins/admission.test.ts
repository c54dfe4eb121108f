import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Attempt } from '@abhyas/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../test/attempt-factories.js';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { AppError } from '../lib/errors.js';

const TOKEN = 'metrics-token-0123456789';

/**
 * A heavy route of the test's own, of the lowest kind (a read), whose work lasts until the test lets
 * it end (or fail), so that the process's one turn is held for as long as a test needs.
 */
function gate() {
  let entered = 0;
  let open: (outcome: 'ok' | 'fail') => void = () => {};
  let opened = new Promise<'ok' | 'fail'>((resolve) => (open = resolve));
  return {
    entered: () => entered,
    open: (outcome: 'ok' | 'fail' = 'ok') => {
      open(outcome);
      opened = new Promise((resolve) => (open = resolve));
    },
    route: (api: FastifyInstance) => {
      api.post('/test-only/slow', { config: { heavy: 'read' } }, async () => {
        entered += 1;
        if ((await opened) === 'fail') throw new AppError('CONFLICT', 409, 'The slow work failed');
        return { done: true };
      });
    },
  };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(env: Record<string, string>) {
  const g = gate();
  t = await buildTestApp({ env: { HEAVY_REQUESTS_IN_FLIGHT: '1', METRICS_TOKEN: TOKEN, ...env }, extraApiRoutes: (api) => g.route(api) });
  const app = t;
  const questions = await makeQuestions(app.db, 3, { key: [0] });
  const test = await makeTest(app.db, { durationMinutes: 30, sections: [{ questionIds: questions.map((q) => q.id) }] });
  const candidate = async (): Promise<Record<string, string>> => {
    const { user, auth } = await signedInUser(app.app, app.db);
    return { ...auth, 'x-device-id': 'laptop', 'x-test-user': user.id };
  };
  const start = (headers: Record<string, string>) => app.app.inject({ method: 'POST', url: `/api/tests/${test.slug}/attempts`, headers });
  const attemptsOf = async (userId: string) => (await app.db.selectFrom('attempts').select('id').where('user_id', '=', userId).execute()).length;
  const metrics = async () => {
    const text = (await app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const value = (name: string) => Number(text.split('\n').find((l) => l.startsWith(`${name} `))?.split(' ')[1]);
    return { running: value('abhyas_heavy_requests_running'), queued: value('abhyas_heavy_requests_queued'), refused: value('abhyas_heavy_requests_refused_total') };
  };
  const until = async (check: (m: Awaited<ReturnType<typeof metrics>>) => boolean) => {
    for (let i = 0; i < 500; i += 1) {
      if (check(await metrics())) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`the admission never reached the state awaited: ${JSON.stringify(await metrics())}`);
  };
  const slow = () => app.app.inject({ method: 'POST', url: '/api/test-only/slow' });
  return { app, g, questions, candidate, start, attemptsOf, metrics, until, slow };
}

/** Whose headers these are, kept beside them by `candidate` (the server ignores the header). */
const userOf = (headers: Record<string, string>) => headers['x-test-user']!;

describe('admission of heavy requests (one at a time)', () => {
  it('queues a start behind a running heavy request, refuses one past the queue at once in the one error shape, and never holds a save', async () => {
    const { app, g, questions, candidate, start, attemptsOf, until, slow } = await appWith({ HEAVY_REQUESTS_QUEUE_WAIT: '30s', HEAVY_REQUESTS_QUEUE: '1' });
    const [waiting, refused, saver] = [await candidate(), await candidate(), await candidate()];
    const saved = ((await start(saver)).json() as { data: Attempt }).data;

    const holding = slow();
    await until((m) => m.running === 1);
    const queued = start(waiting);
    await until((m) => m.queued === 1);

    const refusal = await start(refused);
    expect(refusal.statusCode).toBe(503);
    expect(refusal.json()).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The server is busy. Please try again in a few seconds.' });
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThanOrEqual(2);
    expect(Number(refusal.headers['retry-after'])).toBeLessThanOrEqual(6);
    expect(await attemptsOf(userOf(refused))).toBe(0);

    const save = await app.app.inject({ method: 'PUT', url: `/api/attempts/${saved.id}/answers/${questions[0]!.id}`, headers: saver, payload: { optionIds: ['A'], markedForReview: false, seq: 1 } });
    expect(save.statusCode).toBe(200);

    g.open();
    expect((await holding).statusCode).toBe(200);
    expect((await queued).statusCode).toBe(201);
    await until((m) => m.running === 0 && m.queued === 0 && m.refused === 1);
  });

  it('gives a start a full queue’s place of a waiting read, and the next turn before it', async () => {
    const { g, candidate, start, attemptsOf, until, slow } = await appWith({ HEAVY_REQUESTS_QUEUE_WAIT: '30s', HEAVY_REQUESTS_QUEUE: '1' });
    const [first, second] = [await candidate(), await candidate()];
    const holding = slow();
    await until((m) => m.running === 1);
    const displaced = slow();
    await until((m) => m.queued === 1);

    // The queue is full with a read: a start takes its place, and the read is told to come back.
    const starting = start(first);
    const refusal = await displaced;
    expect(refusal.statusCode).toBe(503);
    expect(refusal.json().code).toBe('SERVICE_UNAVAILABLE');
    await until((m) => m.queued === 1 && m.refused === 1);

    // A start behind a full queue of starts is refused itself.
    expect((await start(second)).statusCode).toBe(503);
    expect(await attemptsOf(userOf(second))).toBe(0);

    g.open();
    expect((await holding).statusCode).toBe(200);
    expect((await starting).statusCode).toBe(201);
    expect(await attemptsOf(userOf(first))).toBe(1);
    expect(g.entered()).toBe(1);
  });

  it('refuses a request that waited past HEAVY_REQUESTS_QUEUE_WAIT, having written nothing', async () => {
    const { g, candidate, start, attemptsOf, until, slow } = await appWith({ HEAVY_REQUESTS_QUEUE_WAIT: '200ms' });
    const headers = await candidate();
    const holding = slow();
    await until((m) => m.running === 1);
    const refusal = await start(headers);
    expect(refusal.statusCode).toBe(503);
    expect(refusal.json().code).toBe('SERVICE_UNAVAILABLE');
    expect(refusal.headers['retry-after']).toMatch(/^[2-6]$/);
    expect(await attemptsOf(userOf(headers))).toBe(0);
    await until((m) => m.queued === 0 && m.refused === 1);
    g.open();
    await holding;
    expect((await start(headers)).statusCode).toBe(201);
  });

  it('gives the turn back after an error, so the next heavy request runs at once', async () => {
    const { g, candidate, start, slow, app, until } = await appWith({ HEAVY_REQUESTS_QUEUE_WAIT: '0ms' });
    const headers = await candidate();
    const failing = slow();
    await until(() => g.entered() === 1);
    g.open('fail');
    expect((await failing).statusCode).toBe(409);
    // A heavy route's own refusal (an unknown attempt) gives its turn back too.
    for (let i = 0; i < 3; i += 1) {
      expect((await app.app.inject({ method: 'POST', url: '/api/attempts/00000000-0000-0000-0000-000000000000/submit', headers })).statusCode).toBe(404);
    }
    expect((await start(headers)).statusCode).toBe(201);
  });
});

describe('admission and closed connections', () => {
  it('drops a waiting request whose client left, and holds a running one’s turn until its work ends', async () => {
    const { app, g, candidate, start, until } = await appWith({ HEAVY_REQUESTS_QUEUE_WAIT: '30s' });
    const headers = await candidate();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    const send = (path: string, extra: Record<string, string> = {}): ClientRequest => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...extra, 'content-type': 'application/json' } });
      req.on('error', () => {});
      req.end('{}');
      return req;
    };

    const running = send('/api/test-only/slow');
    await until((m) => m.running === 1);
    const waiting = send(`/api/tests/${(await app.db.selectFrom('tests').select('slug').executeTakeFirstOrThrow()).slug}/attempts`, headers);
    await until((m) => m.queued === 1);
    waiting.destroy();
    await until((m) => m.queued === 0 && m.running === 1);

    running.destroy();
    // Its work is still going on: the turn stays taken until it ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await until((m) => m.running === 1);
    g.open();
    await until((m) => m.running === 0 && m.queued === 0 && m.refused === 0);
    expect((await start(headers)).statusCode).toBe(201);
  });
});
