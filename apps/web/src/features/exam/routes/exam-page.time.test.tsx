import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/fake-api';
import { attemptSection, timedAttempt } from '@/testing/fake-exam';
import { click, getButton, waitFor } from '@/testing/render';
import { cell, eachTestItsOwnAttempt, heading, openExam, option, press, stateOf, ui } from './exam-page.harness';

/** The exam screen against the clock: time running out, locked sections, the countdown and submitting. */
eachTestItsOwnAttempt('timed');
const timers = () => [...ui.page.container.querySelectorAll('[role="timer"]')].map((t) => t.textContent);
const live = () => ui.page.container.querySelector('[aria-live="polite"]')?.textContent ?? '';

describe('the exam screen against the clock', () => {
  it('lists answers that reached the server after the time ran out as not counted, for that reason', async () => {
    const { exam } = await openExam(timedAttempt({}, { minutes: 0.03 }));
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    // The answer waits on the device without a connection until the time has run out.
    exam.state.offline = true;
    click(option('C'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(cell(1).dataset.onDevice).toBe('true'));
    await waitFor(() => expect(ui.page.container.textContent).toContain('Time is up — submitting…'), 4000);

    exam.state.offline = false;
    exam.state.refuse = apiError(409, 'ATTEMPT_CLOSED', 'Time is up: the attempt ended at 09:30:00 UTC, and answers after it are not counted');
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(ui.page.container.textContent).toContain('answers were not counted'));
    expect(ui.page.container.textContent).toContain('Question 1: it did not reach the server before the test closed');
    expect(stateOf(1)).toBe('notAnswered');
  });

  it('takes locked sections in order: only the open one answers, and the screen moves on when it closes', async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const base = timedAttempt({}, { now });
    const attempt = timedAttempt({
      lockedSections: true,
      endsAt: at(10 * 60_000),
      sections: [
        attemptSection({ id: 's1', title: 'English', marks: 1, negativeMarks: 0.25, opensAt: at(-60_000), closesAt: at(1_500) }),
        attemptSection({ id: 's2', title: 'Reasoning', marks: 1, negativeMarks: 0.25, opensAt: at(1_500), closesAt: at(10 * 60_000) }),
      ],
      questions: base.questions.map((q) => ({ ...q, sectionId: q.number <= 3 ? 's1' : 's2' })),
    });
    const { exam } = await openExam(attempt);
    const tabs = () => [...ui.page.container.querySelectorAll('nav[aria-label="Sections"] button')].map((b) => `${b.textContent}${(b as HTMLButtonElement).disabled ? ' (disabled)' : ''}`);
    expect(tabs()).toEqual(['EnglishOpen', 'ReasoningUpcoming (disabled)']);
    expect(ui.page.container.querySelectorAll('[role="grid"] button')).toHaveLength(3);
    expect(ui.page.container.querySelector('[role="grid"]')?.getAttribute('aria-label')).toBe('Question palette, English');
    expect(timers()).toHaveLength(2);
    click(cell(3));
    press('s');
    expect(heading()).toBe('Question 3 of 6, English');

    await waitFor(() => expect(heading()).toBe('Question 4 of 6, Reasoning'), 4000);
    expect(tabs()).toEqual(['EnglishClosed (disabled)', 'ReasoningOpen']);
    await waitFor(() => expect(exam.answer('q4')?.state).toBe('notAnswered'));
    // Previous stops at the section's first question: a closed section stays closed.
    press('p');
    expect(heading()).toBe('Question 4 of 6, Reasoning');
  });

  it('counts down to the server’s extended end for an attempt with compensatory time, and says so', async () => {
    const now = Date.now();
    await openExam(timedAttempt({ extraMinutesPerHour: 20 }, { now, minutes: 80 }));
    await waitFor(() => expect(timers()[0]).toMatch(/^1:(20:00|19:5\d)$/));
    expect(ui.page.container.querySelector('header')?.textContent).toContain('Your time includes 20 extra minutes per hour');
  });

  it('says nothing of compensatory time when the attempt has none', async () => {
    await openExam(timedAttempt({}, { minutes: 60 }));
    await waitFor(() => expect(timers()[0]).toMatch(/^(1:00:00|59:5\d)$/));
    expect(ui.page.container.textContent).not.toContain('extra minutes');
  });

  it('corrects the countdown from the server time, announces 5 minutes left once, and re-syncs when the tab comes back', async () => {
    // The device's clock is 10 minutes fast.
    const offset = -10 * 60_000;
    const serverNow = Date.now() + offset;
    const { exam } = await openExam(timedAttempt({}, { now: serverNow, minutes: 30 }), { serverOffsetMs: offset });
    await waitFor(() => expect(timers()[0]).toMatch(/^(30:00|29:5\d)$/));
    expect(live()).toBe('');

    // The server's clock is 5 minutes further on than this device had it: the tab coming back re-syncs.
    exam.state.serverOffsetMs = offset + 5 * 60_000;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(timers()[0]).toMatch(/^(25:00|24:5\d)$/));

    // 5 minutes and a second left: the live region says so as the mark passes, once.
    exam.state.serverOffsetMs = offset + 25 * 60_000 - 1_200;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(timers()[0]).toBe('05:01'));
    expect(live()).toBe('');
    await waitFor(() => expect(live()).toBe('5 minutes left'), 4000);
  });

  it('stops taking answers at zero, waits for the server instead of submitting itself, then shows the result', async () => {
    const { exam, net } = await openExam(timedAttempt({}, { minutes: 0.02 }));
    await waitFor(() => expect(ui.page.container.textContent).toContain('Time is up — submitting…'), 4000);
    expect(getButton(ui.page.container, 'Save & Next').disabled).toBe(true);
    expect(timers()[0]).toBe('00:00');
    press('1');
    press('s');
    expect(net.requests.filter((r) => r.method === 'PUT' && (r.body as { optionIds: string[] }).optionIds.length > 0)).toHaveLength(0);
    expect(net.calls(`POST /api/attempts/${ui.id}/submit`)).toHaveLength(0);

    // The server's sweeper submits it; the next look at the attempt (a poll, or the tab coming back) finds that.
    exam.submitOnServer();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(ui.page.container.querySelector('h1')?.textContent).toBe('Result'));
    expect(net.calls(`POST /api/attempts/${ui.id}/submit`)).toHaveLength(0);
  });

  it('submits after a summary of the states and a confirmation, then shows the result', async () => {
    const { net } = await openExam(timedAttempt());
    await waitFor(() => expect(stateOf(1)).toBe('notAnswered'));
    click(option('A'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(stateOf(2)).toBe('notAnswered'));

    click(getButton(ui.page.container, 'Submit'));
    const dialog = ui.page.container.querySelector('dialog[open]');
    const row = [...(dialog?.querySelectorAll('tbody tr td') ?? [])].map((td) => td.textContent);
    // Not visited, not answered, answered, marked, answered and marked.
    expect(row).toEqual(['4', '1', '1', '0', '0']);
    expect(net.calls(`POST /api/attempts/${ui.id}/submit`)).toHaveLength(0);

    click(getButton(dialog!, 'Submit the test'));
    await waitFor(() => expect(ui.page.container.querySelector('h1')?.textContent).toBe('Result'));
    expect(net.calls(`POST /api/attempts/${ui.id}/submit`)).toHaveLength(1);
  });

  it('sends a submission refused as busy again by itself after the Retry-After, until it is taken', async () => {
    const { exam, net } = await openExam(timedAttempt());
    await waitFor(() => expect(stateOf(1)).toBe('notAnswered'));
    const taken = exam.routes[`POST /api/attempts/${ui.id}/submit`]!;
    let refusals = 2;
    exam.routes[`POST /api/attempts/${ui.id}/submit`] = (request) =>
      refusals-- > 0 ? { ...apiError(503, 'SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a few seconds.'), headers: { 'retry-after': '1' } } : taken(request);

    click(getButton(ui.page.container, 'Submit'));
    click(getButton(ui.page.container.querySelector('dialog[open]')!, 'Submit the test'));
    await waitFor(() => expect(ui.page.container.querySelector('h1')?.textContent).toBe('Result'), 8000);
    expect(net.calls(`POST /api/attempts/${ui.id}/submit`)).toHaveLength(3);
    expect(exam.state.attempt.status).toBe('submitted');
  }, 15_000);
});
