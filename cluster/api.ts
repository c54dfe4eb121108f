/**
 * The public HTTP API of one server process, as a browser or the editors' pages call it, and the
 * data the cluster tests need made through it: accounts, a small published test, a contest.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { ServerProcess } from '../bench/lib/server.js';
import { ADMIN } from './cluster.js';

// JSON as the API answers it: each test reads the fields it asserts on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type Answer<T = Json> = { status: number; body: T };

/** A client address of its own, so that no other test shares its per-address limits. */
export const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A caller of `proc`'s API: a client address, and a token and a device once given. */
export class Client {
  constructor(
    readonly proc: ServerProcess,
    readonly address = freshAddress(),
    public token: string | null = null,
    public device: string | null = null,
  ) {}

  /** The same person (token, device, address) calling the other process. */
  on(proc: ServerProcess): Client {
    return new Client(proc, this.address, this.token, this.device);
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'x-forwarded-for': this.address,
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...(this.device ? { 'x-device-id': this.device } : {}),
      ...extra,
    };
  }

  async call<T = Json>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(this.proc.baseUrl + path, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Like `call`, but throws unless the answer has `status`. */
  async ok<T = Json>(method: string, path: string, body?: unknown, status = 200): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (answer.status !== status) throw new Error(`${method} ${path} on ${this.proc.name} answered ${answer.status} (expected ${status}): ${JSON.stringify(answer.body).slice(0, 400)}`);
    return answer.body;
  }
}

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** The configured administrator, signed in on `proc`. */
export async function admin(proc: ServerProcess): Promise<Client> {
  const client = new Client(proc);
  client.token = (await client.ok<{ token: string }>('POST', '/api/auth/login', ADMIN)).token;
  return client;
}

export const CANDIDATE_PASSWORD = 'candidate-pass-1';

/** A new candidate registered on `proc`, signed in, with a device of their own. */
export async function candidate(proc: ServerProcess, name = 'Cluster Candidate'): Promise<Client & { userId: string; email: string }> {
  const client = new Client(proc);
  const email = `${unique('candidate')}@cluster.test`;
  const { token, user } = await client.ok<{ token: string; user: { id: string } }>('POST', '/api/auth/register', { name, email, password: CANDIDATE_PASSWORD }, 201);
  client.token = token;
  client.device = unique('device');
  return Object.assign(client, { userId: user.id, email });
}

/** `count` published single-answer questions (option A right), made by `editor`; answers their ids. */
export async function publishedQuestions(editor: Client, count: number, category = 'Cluster'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { data } = await editor.ok<{ data: { id: string } }>(
      'POST',
      '/api/admin/questions',
      { type: 'single', stem: `${unique('Question')}: which is right?`, categoryPath: category, options: [{ text: 'Right', correct: true }, { text: 'Wrong', correct: false }] },
      201,
    );
    ids.push(data.id);
  }
  await editor.ok('POST', '/api/admin/questions/bulk', { ids, action: 'publish' });
  return ids;
}

export type TestInput = { title: string; slug: string; durationMinutes: number; graceSeconds: number; shuffleOptions: boolean; sections: { title: string; marks: number; negativeMarks: number; questionIds: string[] }[] };

/** A published one-section test on `questionIds`, options in the bank's order. */
export async function publishedTest(editor: Client, questionIds: string[], durationMinutes = 30): Promise<{ id: string; slug: string; input: TestInput }> {
  const input: TestInput = {
    title: 'Cluster test',
    slug: unique('cluster-test'),
    durationMinutes,
    graceSeconds: 0,
    shuffleOptions: false,
    sections: [{ title: 'Only', marks: 1, negativeMarks: 0, questionIds }],
  };
  const { data } = await editor.ok<{ data: { id: string; slug: string } }>('POST', '/api/admin/tests', input, 201);
  await editor.ok('POST', `/api/admin/tests/${data.id}/publish`);
  return { id: data.id, slug: data.slug, input };
}

export type Attempt = { id: string; questions: { questionId: string }[]; lastSeq: number; writer: 'this' | 'other' };

/** Saves option A to the attempt's question `index`, with the next sequence number after `seq`. */
export const saveAnswer = (c: Client, attempt: Attempt, index: number, seq: number) =>
  c.call('PUT', `/api/attempts/${attempt.id}/answers/${attempt.questions[index]!.questionId}`, { optionIds: ['A'], markedForReview: false, seq });

/** A published contest on a new paper of `questions` questions, opening `startsInMs` from now for `minutes`. */
export async function publishedContest(editor: Client, p: { questions: number; startsInMs: number; minutes: number; seats: number; pricePaise: number }): Promise<{ id: string; startsAt: number; questionIds: string[] }> {
  const questionIds = await publishedQuestions(editor, p.questions, 'Contests');
  const paper = await publishedTest(editor, questionIds, p.minutes);
  const startsAt = Date.now() + p.startsInMs;
  const input = {
    title: unique('Cluster contest'),
    slug: unique('cluster-contest'),
    icon: 'general',
    level: 'Beginner',
    testId: paper.id,
    startsAt: new Date(startsAt).toISOString(),
    durationMinutes: p.minutes,
    totalSeats: p.seats,
    priceAmount: p.pricePaise,
    prizes: [{ fromRank: 1, toRank: 1, kind: 'certificate', description: 'First place' }],
    published: true,
  };
  const { data } = await editor.ok<{ data: { id: string } }>('POST', '/api/admin/contests', input, 201);
  return { id: data.id, startsAt, questionIds };
}
