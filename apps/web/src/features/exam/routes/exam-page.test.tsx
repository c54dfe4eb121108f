import 'fake-indexeddb/auto';
import { APP } from '@abhyas/contracts';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@/testing/fake-api';
import { timedAttempt } from '@/testing/fake-exam';
import { click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { deviceStore } from '../utils/device-store';
import { cell, eachTestItsOwnAttempt, examRoutes, heading, openExam, option, press, stateOf, ui } from './exam-page.harness';

eachTestItsOwnAttempt('a');

describe('the exam screen', () => {
  it('records the first visit as not answered and moves each question through the five palette states', async () => {
    const { exam, saves } = await openExam(timedAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    expect(stateOf(1)).toBe('notAnswered');
    expect(saves()).toEqual([{ question: 'q1', optionIds: [], markedForReview: false, confidence: null, seq: 1, timeSpentMs: 0 }]);
    expect([2, 3, 4, 5, 6].map(stateOf)).toEqual(Array(5).fill('notVisited'));

    click(option('B'));
    click(getButton(ui.page.container, 'Save & Next'));
    expect(stateOf(1)).toBe('answered');
    expect(heading()).toBe('Question 2 of 6');
    await waitFor(() => expect(exam.answer('q1')).toMatchObject({ optionIds: ['B'], markedForReview: false, state: 'answered' }));

    click(option('C'));
    click(getButton(ui.page.container, 'Mark for Review & Next'));
    expect(stateOf(2)).toBe('answeredMarked');
    await waitFor(() => expect(exam.answer('q2')).toMatchObject({ optionIds: ['C'], markedForReview: true, state: 'answeredMarked' }));

    click(getButton(ui.page.container, 'Mark for Review & Next'));
    expect(stateOf(3)).toBe('markedForReview');
    await waitFor(() => expect(exam.answer('q3')?.state).toBe('markedForReview'));
    await waitFor(() => expect(exam.answer('q4')?.state).toBe('notAnswered'));
    expect(stateOf(4)).toBe('notAnswered');

    click(cell(1));
    expect(option('B').checked).toBe(true);
    click(getButton(ui.page.container, 'Clear Response'));
    expect(stateOf(1)).toBe('notAnswered');
    expect(option('B').checked).toBe(false);
    await waitFor(() => expect(exam.answer('q1')).toMatchObject({ optionIds: [], state: 'notAnswered' }));

    // Sequence numbers only grow, whatever the question.
    const seqs = saves().map((s) => s.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // The counts beside the palette follow: one question in each state but "answered".
    const legend = [...ui.page.container.querySelectorAll('aside li')].map((li) => li.textContent);
    expect(legend).toEqual([
      '2Not visited2 questions',
      '2Not answered2 questions',
      '0Answered0 questions',
      '1Marked for review1 question',
      '1Answered and marked for review1 question',
    ]);
  });

  it('counts a choice only once saved: moving by the palette leaves the question as it was', async () => {
    const { saves } = await openExam(timedAttempt());
    await waitFor(() => expect(stateOf(1)).toBe('notAnswered'));
    click(option('B'));
    expect(option('B').checked).toBe(true);

    click(cell(3));
    await waitFor(() => expect(heading()).toBe('Question 3 of 6'));
    await waitFor(() => expect(stateOf(3)).toBe('notAnswered'));
    expect(stateOf(1)).toBe('notAnswered');
    expect(saves().some((s) => s.optionIds.length > 0)).toBe(false);

    click(cell(1));
    expect(option('B').checked).toBe(false);
    expect(stateOf(2)).toBe('notVisited');
  });

  it('is usable from the keyboard: number keys choose, letters act, focus follows the question', async () => {
    const { exam } = await openExam(timedAttempt());
    await waitFor(() => expect(stateOf(1)).toBe('notAnswered'));

    press('2');
    expect(option('B').checked).toBe(true);
    press('g');
    expect(getButton(ui.page.container, /Guess/).getAttribute('aria-pressed')).toBe('true');
    press('s');
    expect(stateOf(1)).toBe('answered');
    await waitFor(() => expect(exam.answer('q1')).toMatchObject({ optionIds: ['B'], confidence: 'guess', markedForReview: false }));
    expect(heading()).toBe('Question 2 of 6');
    expect(document.activeElement?.textContent).toBe('Question 2 of 6');

    press('1');
    press('3');
    press('m');
    expect(stateOf(2)).toBe('answeredMarked');
    // 1 then 3 on a radio question: the last choice stands.
    await waitFor(() => expect(exam.answer('q2')).toMatchObject({ optionIds: ['C'], markedForReview: true, confidence: null }));

    press('p');
    expect(heading()).toBe('Question 2 of 6');
    press('c');
    await waitFor(() => expect(stateOf(2)).toBe('markedForReview'));

    // The palette: Q puts focus on the question on screen; arrows move across and down the grid.
    press('q');
    expect(document.activeElement).toBe(cell(2));
    press('ArrowRight', cell(2));
    expect(document.activeElement).toBe(cell(3));
    press('ArrowDown', cell(3));
    expect(document.activeElement).toBe(cell(6));
    press('Home', cell(6));
    expect(document.activeElement).toBe(cell(1));
    expect(cell(1).tabIndex).toBe(0);
    expect(cell(2).tabIndex).toBe(-1);

    // ? opens the help; while it is open the shortcuts are off.
    press('?');
    const dialog = ui.page.container.querySelector('dialog[open]');
    expect(dialog?.textContent).toContain('Mark for Review & Next');
    press('s');
    press('m');
    expect(heading()).toBe('Question 2 of 6');
  });

  it('keeps saves on the device without a connection, marks them on the palette, and sends them when it returns', async () => {
    const { exam } = await openExam(timedAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));

    exam.state.offline = true;
    click(option('A'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(cell(1).dataset.onDevice).toBe('true'));
    expect(stateOf(1)).toBe('answered');
    expect(cell(1).getAttribute('aria-label')).toContain('saved on this device, not yet on the server');
    await waitFor(() => expect(ui.page.container.querySelector('header')?.textContent).toContain('No connection: 2 answers kept on this device'));
    expect(exam.answer('q1')?.optionIds).toEqual([]);

    exam.state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(cell(1).dataset.onDevice).toBeUndefined());
    expect(exam.answer('q1')).toMatchObject({ optionIds: ['A'], state: 'answered' });
    expect(exam.answer('q2')?.state).toBe('notAnswered');
    expect(ui.page.container.querySelector('header')?.textContent).toContain('All answers saved');
  });

  it('resumes after a reload from the server merged with the saves still on the device', async () => {
    const { exam } = await openExam(timedAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    exam.state.refuse = apiError(503, 'SERVICE_UNAVAILABLE', 'Try again shortly');
    click(option('D'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(cell(1).dataset.onDevice).toBe('true'));
    // Once the device has stored it, the page goes (a reload, or the browser crashing).
    let stored: Awaited<ReturnType<typeof deviceStore.load>>;
    for (let tries = 0; !stored?.pending.some((p) => p.optionIds[0] === 'D') && tries < 50; tries += 1) {
      stored = await deviceStore.load(ui.id);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    expect(stored?.position).toBe('q2');
    ui.page.unmount();

    // The page opens again (a reload): the server never got the answer, the device still has it.
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(heading()).toBe('Question 2 of 6'));
    await waitFor(() => expect(stateOf(1)).toBe('answered'));
    expect(cell(1).dataset.onDevice).toBe('true');
    expect(exam.answer('q1')?.optionIds).toEqual([]);

    exam.state.refuse = null;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(exam.answer('q1')?.optionIds).toEqual(['D']));
    await waitFor(() => expect(cell(1).dataset.onDevice).toBeUndefined());
  });

  it('keeps saves on the device when the sign-in has ended, and stays on the screen', async () => {
    const { exam } = await openExam(timedAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    exam.state.refuse = apiError(401, 'UNAUTHORIZED', 'Sign in again');
    click(option('B'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(ui.page.container.textContent).toContain('Your sign-in has ended'));
    expect(ui.page.router.state.location.pathname).toBe(`/attempts/${ui.id}`);
    expect(localStorage.getItem(APP.authTokenKey)).toBe('token');
    expect(cell(1).dataset.onDevice).toBe('true');
    expect(ui.page.container.querySelector(`a[href="/login?next=/attempts/${ui.id}"]`)?.textContent).toBe('Sign in again');
  });

  it('turns read-only when another device takes over, and offers to continue here', async () => {
    const { exam, net } = await openExam(timedAttempt());
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));
    exam.takeOverElsewhere();
    click(option('A'));
    click(getButton(ui.page.container, 'Save & Next'));

    await waitFor(() => expect(ui.page.container.textContent).toContain('This attempt continues on another device'));
    expect(getButton(ui.page.container, 'Save & Next').disabled).toBe(true);
    expect(getButton(ui.page.container, 'Submit').disabled).toBe(true);
    expect(ui.page.container.textContent).toContain('Question 1: another device took over the attempt before it reached the server');
    const sent = net.calls(`PUT /api/attempts/${ui.id}/answers/q1`).length;
    press('1');
    press('s');
    expect(net.calls(`PUT /api/attempts/${ui.id}/answers/q1`)).toHaveLength(sent);

    click(getButton(ui.page.container, 'Continue here'));
    await waitFor(() => expect(getButton(ui.page.container, 'Save & Next').disabled).toBe(false));
    expect(net.calls(`POST /api/attempts/${ui.id}/takeover`)).toHaveLength(1);
    expect(ui.page.container.textContent).not.toContain('This attempt continues on another device');
  });

  it('opens read-only when another device writes, and records nothing until "Continue here"', async () => {
    const { net } = await openExam(timedAttempt({ writer: 'other' }));
    await waitFor(() => expect(ui.page.container.textContent).toContain('This attempt is open on another device'));
    expect(net.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(stateOf(1)).toBe('notVisited');

    click(getButton(ui.page.container, 'Continue here'));
    await waitFor(() => expect(stateOf(1)).toBe('notAnswered'));
    expect(net.calls(`PUT /api/attempts/${ui.id}/answers/q1`)).toHaveLength(1);
  });
});
