import { APP, type Attempt } from '@abhyas/contracts';
import { act } from 'react';
import { afterEach, beforeEach, expect } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakeExam } from '@/testing/fake-exam';
import { cleanUpPages, renderRoutes, waitFor } from '@/testing/render';
import { deviceStore, viewStore } from '../utils/device-store';
import { ExamPage } from './exam-page';

/** The exam screen's page tests: the page under test, its attempt's id, and how to read and drive it. */
export const examRoutes = [
  { path: '/attempts/:id', Component: ExamPage },
  { path: '/attempts/:id/result', Component: () => <h1>Result</h1> },
];

export const ui = { page: undefined as unknown as Awaited<ReturnType<typeof renderRoutes>>, id: '' };

/** Each test its own attempt (`prefix` and a count), so nothing one leaves on the device reaches the next. */
export function eachTestItsOwnAttempt(prefix: string): void {
  let count = 0;
  beforeEach(() => {
    localStorage.setItem(APP.authTokenKey, 'token');
    count += 1;
    ui.id = `${prefix}${count}`;
  });
  afterEach(async () => {
    cleanUpPages();
    await deviceStore.remove(ui.id);
    await viewStore.remove(ui.id);
  });
}

interface SaveBody {
  optionIds: string[];
  markedForReview: boolean;
  confidence: string | null;
  seq: number;
  timeSpentMs: number;
  savedAt?: string;
}
const withoutSavedAt = ({ savedAt: _savedAt, ...body }: SaveBody) => body;

/** Opens the test's attempt on the screen against a stand-in for the engine's routes. */
export async function openExam(base: Attempt, options?: Parameters<typeof fakeExam>[1]) {
  const attempt = { ...base, id: ui.id };
  const engine = fakeExam(attempt, options);
  const net = fakeApi(engine.routes);
  ui.page = await renderRoutes(examRoutes, `/attempts/${attempt.id}`);
  await waitFor(() => expect(heading()).toMatch(/^Question \d+ of \d+/));
  // When each save was made is checked on its own (see the locked sections).
  const saves = () => net.requests.filter((r) => r.method === 'PUT').map((r) => ({ question: r.path.split('/').pop(), ...withoutSavedAt(r.body as SaveBody) }));
  return { exam: engine, net, saves };
}

export const heading = () => ui.page.container.querySelector('h2[id$="-heading"]')?.textContent ?? '';
export const cell = (n: number) => {
  const found = ui.page.container.querySelector<HTMLButtonElement>(`[role="grid"] button[aria-label^="Question ${n},"]`);
  if (!found) throw new Error(`No palette cell ${n}`);
  return found;
};
export const stateOf = (n: number) => cell(n).dataset.state;
export const option = (letter: string) => {
  const found = ui.page.container.querySelector<HTMLInputElement>(`fieldset input[value="${letter}"]`);
  if (!found) throw new Error(`No option ${letter}`);
  return found;
};
export const press = (key: string, target: Element = document.body) => act(() => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
