import 'fake-indexeddb/auto';
import type { Attempt } from '@abhyas/contracts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { fakeExam, timedAttempt } from '@/testing/fake-exam';
import { click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { WATCH_INTERVAL_MS } from '../utils/use-attempt-watch';
import { eachTestItsOwnAttempt, examRoutes, ui } from './exam-page.harness';

eachTestItsOwnAttempt('watched');
// The polls run on an interval this test moves on; everything else keeps real time.
beforeEach(() => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
afterEach(() => void vi.useRealTimers());

async function open(base: Attempt) {
  const exam = fakeExam({ ...base, id: ui.id });
  const net = fakeApi(exam.routes);
  ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
  await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
  return { exam, net };
}

const text = () => ui.page.container.textContent ?? '';
const header = () => ui.page.container.querySelector('header')?.textContent ?? '';
const option = (letter: string) => ui.page.container.querySelector<HTMLInputElement>(`fieldset input[value="${letter}"]`)!;
const puts = (net: ReturnType<typeof fakeApi>) => net.requests.filter((r) => r.method === 'PUT').length;
const statusCalls = (net: ReturnType<typeof fakeApi>) => net.calls(`GET /api/attempts/${ui.id}/status`);
const nextPoll = () => act(() => void vi.advanceTimersByTime(WATCH_INTERVAL_MS));

describe('an exam screen left idle', () => {
  it('says at the next poll that another device took the attempt over, and stops taking answers', async () => {
    const { exam, net } = await open(timedAttempt());
    expect(header()).toContain('All answers saved');
    exam.takeOverElsewhere();
    await waitFor(() => expect(statusCalls(net).length).toBeGreaterThan(0));
    const asked = statusCalls(net).length;
    expect(text()).not.toContain('continues on another device');

    nextPoll();
    await waitFor(() => expect(text()).toContain('This attempt continues on another device'));
    expect(statusCalls(net).length).toBeGreaterThan(asked);
    expect(statusCalls(net)[0]!.headers['x-device-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(header()).toContain('Answers are now taken on another device');
    expect(header()).not.toContain('All answers saved');
    for (const name of ['Save & Next', 'Mark for Review & Next', 'Clear Response', 'Submit']) expect(getButton(ui.page.container, name).disabled, name).toBe(true);
    expect(option('A').closest('fieldset')?.disabled).toBe(true);
    const sent = puts(net);
    click(option('A'));
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true, cancelable: true })));
    expect(puts(net)).toBe(sent);

    // The attempt is still open: this device may take it back.
    click(getButton(ui.page.container, 'Continue here'));
    await waitFor(() => expect(getButton(ui.page.container, 'Save & Next').disabled).toBe(false));
    nextPoll();
    await waitFor(() => expect(header()).toContain('All answers saved'));
    expect(text()).not.toContain('continues on another device');
  });

  it('says at the next poll that the attempt was submitted on another device, lists what waited here, and links the result', async () => {
    const { exam, net } = await open(timedAttempt());
    // A save that cannot get through waits on the device.
    exam.state.refuse = apiError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly');
    click(option('B'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(text()).toContain('Saving 2 answers…'));
    exam.submitElsewhere();

    nextPoll();
    await waitFor(() => expect(ui.page.container.querySelector('h1')?.textContent).toBe('This attempt was submitted on another device'));
    expect(text()).toContain('Question 1: the attempt was submitted on another device before it reached the server');
    expect(text()).not.toContain('before the test closed');
    expect(ui.page.container.querySelector(`a[href="/attempts/${ui.id}/result"]`)?.textContent).toBe('See your result');
    expect(ui.page.router.state.location.pathname).toBe(`/attempts/${ui.id}`);
    expect(net.calls(`POST /api/attempts/${ui.id}/submit`)).toHaveLength(0);
  });

  it('says so when the server submitted it at the end of the time while another device answered', async () => {
    const { exam } = await open(timedAttempt());
    exam.takeOverElsewhere();
    nextPoll();
    await waitFor(() => expect(text()).toContain('This attempt continues on another device'));
    exam.submitOnServer();
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(ui.page.container.querySelector('h1')?.textContent).toBe('This attempt was submitted by the server at the end of the time'));
    expect(ui.page.container.querySelector(`a[href="/attempts/${ui.id}/result"]`)).not.toBeNull();
  });
});

describe('a save the server refuses', () => {
  it('says the attempt continues elsewhere when refused as taken over, never that the time ran out', async () => {
    const { exam } = await open(timedAttempt());
    exam.state.refuse = apiError(409, 'ATTEMPT_TAKEN_OVER', 'This attempt continues on another device');
    exam.takeOverElsewhere();
    click(option('A'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(text()).toContain('This attempt continues on another device'));
    expect(text()).toContain('Question 1: another device took over the attempt before it reached the server');
    expect(text()).not.toContain('before the test closed');
    expect(text()).not.toContain('Time is up');
    expect(getButton(ui.page.container, 'Save & Next').disabled).toBe(true);
  });

  it('says the attempt was submitted on another device when refused as closed before the time ran out', async () => {
    const { exam, net } = await open(timedAttempt());
    // Another device took over and submitted; this one has not polled since.
    exam.submitElsewhere();
    click(option('C'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(ui.page.container.querySelector('h1')?.textContent).toBe('This attempt was submitted on another device'));
    expect(text()).toContain('Question 1: the attempt was submitted on another device before it reached the server');
    expect(text()).not.toContain('before the test closed');
    // The queue stopped at the first refusal: the question the screen moved on to was never sent.
    expect(net.calls(`PUT /api/attempts/${ui.id}/answers/q2`)).toHaveLength(0);
  });
});
