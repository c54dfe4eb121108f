import type { QuestionInput } from '@abhyas/contracts';
import { questionInputSchema } from '@abhyas/contracts';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/index.js';
import { systemClock } from '../src/lib/clock.js';
import { BY_SERVER } from '../src/modules/audit/audit.service.js';
import { bulkQuestions, createQuestion } from '../src/modules/questions/questions.service.js';
import { buildTestApp, testClock, type TestApp } from './helpers.js';

let n = 0;

/**
 * A question through the real service, published unless `draft` is set. Single answer by default,
 * option B correct ("Right"), with an explanation.
 */
export async function makeQuestion(db: Db, input: Partial<QuestionInput> & { draft?: boolean } = {}): Promise<string> {
  n += 1;
  const deps = { db, clock: systemClock };
  const { draft, ...fields } = input;
  const parsed = questionInputSchema.parse({
    type: 'single',
    stem: `Practice question ${n} ${Math.random().toString(36).slice(2, 8)}?`,
    explanation: `Because of reason ${n}.`,
    options: [
      { text: 'Wrong', correct: false },
      { text: 'Right', correct: true },
      { text: 'Also wrong', correct: false },
      { text: 'Far off', correct: false },
    ],
    ...fields,
  });
  const question = await createQuestion(deps, BY_SERVER, parsed, null);
  if (!draft) await bulkQuestions(deps, BY_SERVER, { ids: [question.id], action: 'publish' });
  return question.id;
}

/** Several published questions sharing the fields given. */
export async function makeQuestions(db: Db, count: number, input: Partial<QuestionInput> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await makeQuestion(db, input));
  return ids;
}

type Headers = Record<string, string>;
type Option = { id: string; html: string };
export type SessionQuestion = { questionId: string; type: string; stemHtml: string; options: Option[]; feedback: unknown; bookmarked: boolean };
export type StartedSession = { id: string; label: string; source: string; status: string; position: number; answered: number; correct: number; questions: SessionQuestion[] };

const text = (html: string) => html.replace(/<[^>]+>/g, '').trim();
/** The option letter showing "Right" (makeQuestion's correct option). */
export const rightOf = (q: SessionQuestion) => q.options.find((o) => text(o.html) === 'Right')!.id;
/** The letter of an option other than "Right". */
export const wrongOf = (q: SessionQuestion) => q.options.find((o) => text(o.html) !== 'Right')!.id;

/** The practice routes of the test app `appOf` answers, called as the web app does. */
export function practiceCalls(appOf: () => TestApp['app']) {
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers: Headers = {}, payload?: unknown) =>
    appOf().inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** Starts a session, or throws with the refusal. */
  const start = async (auth: Headers, body: object): Promise<StartedSession> => {
    const res = await call('POST', '/api/practice/sessions', auth, body);
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json().data as StartedSession;
  };
  const answer = (auth: Headers, sessionId: string, questionId: string, optionIds: string[]) =>
    call('POST', `/api/practice/sessions/${sessionId}/answers`, auth, { questionId, optionIds });
  return { call, start, answer };
}

/**
 * For a test file of the practice routes: the app on a test clock (a Monday morning), built before
 * its tests and closed after, with callers of its practice routes.
 */
export function usePracticeApp() {
  const clock = testClock(Date.parse('2026-03-02T04:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => t.close());
  return {
    clock,
    ...practiceCalls(() => t.app),
    get t() {
      return t;
    },
  };
}
