import { APP } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { myFlag } from '@/testing/challenge-fixtures';
import { apiError, fakeApi } from '@/testing/fake-api';
import { feedbackFor, practiceQuestion, practiceSession } from '@/testing/practice-fixtures';
import { alerts, cleanUpPages, click, getButton, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { PracticeSessionRoute } from './practice-session';

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'token'));
afterEach(cleanUpPages);

const session = practiceSession([
  practiceQuestion({ questionId: 'q1', feedback: feedbackFor('q1', ['A'], ['B']) }),
  practiceQuestion({ questionId: 'q2', feedback: feedbackFor('q2', ['C'], ['C']) }),
  practiceQuestion({ questionId: 'q3' }),
]);
const dialog = () => page.container.querySelector('dialog')!;
const reportButton = () => getButton(page.container, /Report a problem with this question$/);

describe('practice feedback', () => {
  it('reports a problem with an answered question, names the session, and shows the server’s refusal of a second report', async () => {
    const net = fakeApi({
      'GET /api/practice/sessions/s1': () => ({ body: { data: session } }),
      'POST /api/questions/q1/reports': ({ body }) => ({ status: 201, body: { data: myFlag({ kind: 'report', test: null, questionNumber: null, attemptId: 's1', reason: 'error_in_question', comment: (body as { comment: string }).comment }) } }),
      'POST /api/questions/q2/reports': () => apiError(409, 'CONFLICT', 'You already have an open report on this question.'),
    });
    page = await renderRoutes([{ path: '/practice/:id', Component: PracticeSessionRoute }], '/practice/s1');
    await waitFor(() => expect(page.container.textContent).toContain('Question 3 of 3'));
    // Not before the question is answered.
    expect(() => reportButton()).toThrow();

    click(getButton(page.container, 'Previous question'));
    await waitFor(() => expect(page.container.textContent).toContain('Question 2 of 3'));
    click(reportButton());
    click([...dialog().querySelectorAll('label')].find((l) => l.textContent === 'Something else')!.querySelector('input')!);
    click(getButton(dialog(), 'Send report'));
    await waitFor(() => expect(alerts(dialog())).toEqual(['You already have an open report on this question.']));
    click(getButton(dialog(), 'Cancel'));

    click(getButton(page.container, 'Previous question'));
    await waitFor(() => expect(page.container.textContent).toContain('Question 1 of 3'));
    click(reportButton());
    expect(dialog().open).toBe(true);
    const input = [...dialog().querySelectorAll('label')].find((l) => l.textContent === 'The question has an error')!.querySelector('input')!;
    click(input);
    typeInto(dialog().querySelector('textarea')!, 'Option B says 100 where it should say 10.');
    // Enter in the dialog is the dialog's, not the practice screen's "next question".
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(page.container.textContent).toContain('Question 1 of 3');
    click(getButton(dialog(), 'Send report'));
    await waitFor(() => expect(page.container.textContent).toContain('Report sent on'));
    expect(net.calls('POST /api/questions/q1/reports')[0]!.body).toEqual({ reason: 'error_in_question', comment: 'Option B says 100 where it should say 10.', attemptId: 's1' });
    expect(page.container.textContent).toContain('Your report: The question has an error.');
    expect(page.container.querySelector('a[href="/me/challenges"]')).not.toBeNull();
  });
});
