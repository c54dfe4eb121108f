import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { feedbackFor, practiceQuestion, practiceSession } from '@/testing/practice-fixtures';
import { alerts, cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { SessionPage } from './session-page';

afterEach(cleanUpPages);

const render = () => renderRoutes([{ path: '/practice/:id', Component: SessionPage }], '/practice/s1');
const press = (key: string) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));

/** The server withholds the key of a question that is in a test or contest still running (docs/decisions/018). */
describe('a practice question whose key is withheld', () => {
  it('shows an earlier answer without a key, saying when it comes, and the server\'s refusal of a new answer', async () => {
    const withheld = feedbackFor('q1', ['A'], [], { explanationHtml: null, topic: null });
    fakeApi({
      'GET /api/practice/sessions/s1': () => ({ body: { data: practiceSession([practiceQuestion({ questionId: 'q1', feedback: withheld }), practiceQuestion({ questionId: 'q2' })]) } }),
      'POST /api/practice/sessions/s1/answers': () =>
        apiError(409, 'REVIEW_NOT_YET', 'This question is in your test in progress: its answer is shown once that attempt is submitted'),
    });
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('Question 2 of 2'));
    press('2');
    press('Enter');
    await waitFor(() => expect(alerts(page.container).join(' ')).toContain('its answer is shown once that attempt is submitted'));

    click(getButton(page.container, 'Previous question'));
    expect(page.container.textContent).toContain('The answer and explanation are shown once the test or contest this question is in is over.');
    expect(page.container.textContent).not.toContain('The correct answer:');
    expect(page.container.textContent).not.toContain('Correct answer');
  });
});
