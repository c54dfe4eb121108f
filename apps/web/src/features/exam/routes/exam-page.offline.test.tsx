import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { attemptCopies } from '@/lib/attempt-copies';
import { apiError, fakeApi } from '@/testing/fake-api';
import { fakeExam, timedAttempt } from '@/testing/fake-exam';
import { click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { cell, eachTestItsOwnAttempt, examRoutes, heading, openExam, option, stateOf, ui } from './exam-page.harness';

/** The exam screen opened without a connection (a reload offline), from the copy kept on the device. */
eachTestItsOwnAttempt('offline');
const timers = () => [...ui.page.container.querySelectorAll('[role="timer"]')].map((t) => t.textContent);
const status = () => ui.page.container.querySelector('header p')?.textContent ?? '';

/** Waits until `check` of what the device keeps holds (IndexedDB answers later than the screen). */
async function onDevice(check: () => Promise<boolean>, what: string) {
  for (let tries = 0; tries < 150; tries += 1) {
    if (await check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  throw new Error(`The device never held ${what}`);
}

/** Waits until the device's copy of the attempt has `questionId`'s answer as the server acknowledged it. */
const copyHolds = (questionId: string) =>
  onDevice(async () => (await attemptCopies.load(ui.id))?.data.answers.some((a) => a.questionId === questionId && a.optionIds.length > 0) === true, `the answer to ${questionId}`);

describe('the exam screen without a connection', () => {
  it('opens from the copy on the device with its answers and the server’s clock, and sends what is answered meanwhile once the connection returns', async () => {
    // The device's clock is 10 minutes fast: the countdown must still run on the server's time.
    const offset = -10 * 60_000;
    const { exam } = await openExam(timedAttempt({}, { now: Date.now() + offset, minutes: 30 }), { serverOffsetMs: offset });
    click(option('B'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('answered'));
    await copyHolds('q1');

    // The page reloads with no connection.
    ui.page.unmount();
    exam.state.offline = true;
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(heading()).toBe('Question 2 of 6'));
    expect(stateOf(1)).toBe('answered');
    expect(cell(1).dataset.onDevice).toBeUndefined();
    expect(status()).toBe('No connection: answers you give now are kept on this device');
    await waitFor(() => expect(timers()[0]).toMatch(/^(30:00|29:5\d)$/));

    click(option('C'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(cell(2).dataset.onDevice).toBe('true'));
    await waitFor(() => expect(status()).toMatch(/^No connection: \d+ answers? kept on this device$/));
    expect(exam.answer('q2')?.optionIds).toEqual([]);

    exam.state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(exam.answer('q2')).toMatchObject({ optionIds: ['C'], state: 'answered' }));
    await waitFor(() => expect(status()).toBe('All answers saved'));
    expect(exam.answer('q1')).toMatchObject({ optionIds: ['B'], state: 'answered' });
  });

  it('says the test could not be opened when the device holds no copy of it', async () => {
    const exam = fakeExam({ ...timedAttempt(), id: ui.id });
    fakeApi(exam.routes);
    exam.state.offline = true;
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(ui.page.container.textContent).toContain('Could not reach the server'), 8000);
    expect(ui.page.container.querySelector('[role="grid"]')).toBeNull();
  });

  it('uses the copy for a missing connection only: a refusal from the server is shown, not the copy', async () => {
    const { exam } = await openExam(timedAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    await onDevice(async () => (await attemptCopies.load(ui.id)) !== undefined, 'a copy of the attempt');
    ui.page.unmount();

    const refusing = fakeExam({ ...timedAttempt(), id: ui.id });
    fakeApi({ ...refusing.routes, [`GET /api/attempts/${ui.id}`]: () => apiError(401, 'UNAUTHORIZED', 'Sign in again') });
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(ui.page.container.textContent).toContain('Sign in again'));
    expect(ui.page.container.querySelector('[role="grid"]')).toBeNull();
  });

  it('removes the copy from the device once the attempt is submitted', async () => {
    await openExam(timedAttempt());
    click(option('A'));
    click(getButton(ui.page.container, 'Save & Next'));
    await copyHolds('q1');
    click(getButton(ui.page.container, 'Submit'));
    click(getButton(ui.page.container.querySelector('dialog[open]')!, 'Submit the test'));
    await waitFor(() => expect(ui.page.container.querySelector('h1')?.textContent).toBe('Result'));
    await onDevice(async () => (await attemptCopies.load(ui.id)) === undefined, 'no copy of the attempt');
  });
});
