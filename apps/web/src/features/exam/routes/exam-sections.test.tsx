import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { attemptSection, fakeExam, timedAttempt } from '@/testing/fake-exam';
import { click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { eachTestItsOwnAttempt, examRoutes, ui } from './exam-page.harness';

/**
 * Locked sections on the exam screen: the server delivers a section's questions only while it is
 * open, so the screen asks for the attempt again when the server's clock opens the next one.
 */
eachTestItsOwnAttempt('locked');

const heading = () => ui.page.container.querySelector('h2[id$="-heading"]')?.textContent ?? '';
const cells = () => [...ui.page.container.querySelectorAll<HTMLButtonElement>('[role="grid"] button')].map((b) => b.getAttribute('aria-label')?.split(',')[0]);
const option = (value: string) => ui.page.container.querySelector<HTMLInputElement>(`fieldset input[value="${value}"]`)!;
const stems = () => ui.page.container.textContent ?? '';

/** English open now and closing in `closesInMs`, Reasoning after it; three questions each. */
function lockedAttempt(closesInMs: number, { serverOffsetMs = 0 } = {}) {
  const now = Date.now() + serverOffsetMs;
  const at = (ms: number) => new Date(now + ms).toISOString();
  const base = timedAttempt({}, { now });
  return timedAttempt(
    {
      id: ui.id,
      lockedSections: true,
      endsAt: at(10 * 60_000),
      sections: [
        attemptSection({ id: 's1', title: 'English', opensAt: at(-60_000), closesAt: at(closesInMs) }),
        attemptSection({ id: 's2', title: 'Reasoning', opensAt: at(closesInMs), closesAt: at(10 * 60_000) }),
      ],
      questions: base.questions.map((q) => ({ ...q, sectionId: q.number <= 3 ? 's1' : 's2' })),
    },
    { now },
  );
}

describe('locked sections on the exam screen', () => {
  it('fetches the attempt again when the server’s clock opens the next section, and shows it', async () => {
    // The device's clock is 10 minutes slow: only the server's time opens the section.
    const serverOffsetMs = 10 * 60_000;
    const exam = fakeExam(lockedAttempt(3_000, { serverOffsetMs }), { serverOffsetMs });
    const net = fakeApi(exam.routes);
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(heading()).toBe('Question 1 of 6, English'));
    expect(cells()).toEqual(['Question 1', 'Question 2', 'Question 3']);
    // The next section's questions are not on the device before it opens.
    expect(stems()).not.toContain('Stem of question 4');
    const gets = () => net.calls(`GET /api/attempts/${ui.id}`).length;
    const before = gets();

    await waitFor(() => expect(heading()).toBe('Question 4 of 6, Reasoning'), 10_000);
    expect(gets()).toBeGreaterThan(before);
    expect(cells()).toEqual(['Question 4', 'Question 5', 'Question 6']);
    expect(stems()).toContain('Stem of question 4');
    expect(stems()).not.toContain('Stem of question 1');
    await waitFor(() => expect(exam.answer('q4')?.state).toBe('notAnswered'));
  }, 30_000);

  it('shows a closed section as closed while the next has not come, and still sends the answers saved on the device before the close', async () => {
    const attempt = lockedAttempt(3_500);
    const closesAt = Date.parse(attempt.sections[0]!.closesAt!);
    const exam = fakeExam(attempt);
    const net = fakeApi(exam.routes);
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(heading()).toBe('Question 1 of 6, English'));
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));

    // The connection drops; the candidate answers question 1 before the close.
    exam.state.offline = true;
    click(option('B'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(ui.page.container.textContent).toContain('English has closed: its answers can no longer be changed.'), 5_000);
    expect(getButton(ui.page.container, 'Save & Next').disabled).toBe(true);

    // It comes back within the grace: the save made before the close is sent and counted, and Reasoning comes.
    exam.state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(exam.answer('q1')).toMatchObject({ optionIds: ['B'], state: 'answered' }), 5_000);
    const sent = net.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/q1')).map((r) => r.body as { optionIds: string[]; savedAt?: string });
    const counted = sent.find((b) => b.optionIds[0] === 'B')!;
    expect(Date.parse(counted.savedAt!)).toBeLessThan(closesAt);
    await waitFor(() => expect(heading()).toBe('Question 4 of 6, Reasoning'), 8_000);
    expect(ui.page.container.textContent).not.toContain('answers were not counted');
  }, 30_000);

  it('lists a save that reached the server after the grace as not counted, by its question’s number, once its section has left the attempt', async () => {
    const exam = fakeExam({ ...lockedAttempt(3_000), graceSeconds: 1 });
    fakeApi(exam.routes);
    ui.page = await renderRoutes(examRoutes, `/attempts/${ui.id}`);
    await waitFor(() => expect(heading()).toBe('Question 1 of 6, English'));
    await waitFor(() => expect(exam.answer('q1')?.state).toBe('notAnswered'));

    exam.state.offline = true;
    click(option('C'));
    click(getButton(ui.page.container, 'Save & Next'));
    await waitFor(() => expect(ui.page.container.textContent).toContain('English has closed'), 5_000);
    // Back only after the close and its grace: the save is refused, and Reasoning comes.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    exam.state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(ui.page.container.textContent).toContain('Question 1: it did not reach the server before its section closed'), 5_000);
    await waitFor(() => expect(heading()).toBe('Question 4 of 6, Reasoning'), 8_000);
    expect(exam.answer('q1')?.state).toBe('notAnswered');
  }, 30_000);
});
