import type { PracticeSession } from '@abhyas/contracts';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n';
import { apiError, fakeApi, type FakeRequest } from '@/testing/fake-api';
import { feedbackFor, practiceQuestion, practiceSession } from '@/testing/practice-fixtures';
import { alerts, cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { rememberStart } from '../utils/start-requests';
import { SessionPage } from './session-page';

afterEach(cleanUpPages);

const CORRECT: Record<string, string[]> = { q1: ['B'], q2: ['C'], q3: ['A', 'D'] };

/** A fake server keeping one session: answers are marked against CORRECT and stored. */
function server(initial: PracticeSession) {
  let session = initial;
  const answer = ({ body }: FakeRequest) => {
    const { questionId, optionIds } = body as { questionId: string; optionIds: string[] };
    const feedback = feedbackFor(questionId, optionIds, CORRECT[questionId]!);
    session = practiceSession(
      session.questions.map((q) => (q.questionId === questionId ? { ...q, feedback } : q)),
      { id: session.id, label: session.label, source: session.source },
    );
    return { body: { data: feedback } };
  };
  const net = fakeApi({
    'GET /api/practice/sessions/s1': () => ({ body: { data: session } }),
    'POST /api/practice/sessions/s1/answers': answer,
    'PUT /api/bookmarks/q2': () => ({ body: { data: { questionId: 'q2', bookmarked: true } } }),
    'POST /api/practice/sessions': () => ({ status: 201, body: { data: practiceSession([practiceQuestion({ questionId: 'q9' })], { id: 's2', label: 'Next session' }) } }),
    'GET /api/practice/sessions/s2': () => ({ body: { data: practiceSession([practiceQuestion({ questionId: 'q9' })], { id: 's2', label: 'Next session' }) } }),
  });
  return net;
}

const render = (id = 's1') => renderRoutes([{ path: '/practice/:id', Component: SessionPage }], `/practice/${id}`);
const press = (key: string) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
const checked = (container: HTMLElement) => [...container.querySelectorAll<HTMLInputElement>('fieldset input')].filter((i) => i.checked).map((i) => i.value);

describe('a practice session', () => {
  it('resumes at the first unanswered question and answers from the keyboard, with feedback', async () => {
    const net = server(
      practiceSession([
        practiceQuestion({ questionId: 'q1', feedback: feedbackFor('q1', ['B'], ['B']) }),
        practiceQuestion({ questionId: 'q2', stemHtml: '<p>What is 20% of 50?</p>' }),
        practiceQuestion({ questionId: 'q3', type: 'multiple' }),
      ]),
    );
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('What is 20% of 50?'));
    expect(page.container.textContent).toContain('Question 2 of 3');
    expect(page.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('1');
    const inputs = [...page.container.querySelectorAll<HTMLInputElement>('fieldset input')];
    expect(inputs.map((i) => i.type)).toEqual(['radio', 'radio', 'radio', 'radio']);
    expect(getButton(page.container, 'Check answer').disabled).toBe(true);

    press('1');
    press('4');
    expect(checked(page.container)).toEqual(['D']);
    press('Enter');
    await waitFor(() => expect(page.container.textContent).toContain('Not quite'));
    expect(net.calls('POST /api/practice/sessions/s1/answers')[0]?.body).toEqual({ questionId: 'q2', optionIds: ['D'] });
    expect(page.container.textContent).toContain('The correct answer: C');
    expect(page.container.textContent).toContain('You chose D.');
    expect(page.container.textContent).toContain('Because 20% of 50 is 10.');
    const topic = [...page.container.querySelectorAll('a')].find((a) => a.textContent === 'Learn more: Percentages');
    expect(topic?.getAttribute('href')).toBe('/topics/percentages');
    const marks = [...page.container.querySelectorAll('fieldset label')].map((l) => l.textContent);
    expect(marks[2]).toContain('Correct answer');
    expect(marks[3]).toContain('Your answer');
    expect(inputs.every((i) => i.disabled)).toBe(true);
    // Number keys no longer change an answered question.
    press('2');
    expect(checked(page.container)).toEqual(['D']);
    expect(page.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('2');

    press('Enter');
    await waitFor(() => expect(page.container.textContent).toContain('Question 3 of 3'));
    expect(page.container.textContent).toContain('Choose every correct answer');
    expect([...page.container.querySelectorAll<HTMLInputElement>('fieldset input')].map((i) => i.type)).toEqual(['checkbox', 'checkbox', 'checkbox', 'checkbox']);
    expect(document.activeElement?.textContent).toBe('Question 3 of 3');
    press('1');
    press('4');
    press('2');
    press('2');
    expect(checked(page.container)).toEqual(['A', 'D']);
    click(getButton(page.container, 'Check answer'));
    await waitFor(() => expect(page.container.textContent).toContain('Correct!'));
    expect(page.container.textContent).toContain('The correct answers: A, D');
    expect(document.activeElement?.textContent).toBe('Correct!');

    click(getButton(page.container, 'See results'));
    await waitFor(() => expect(page.container.textContent).toContain('Session complete'));
    expect(page.container.textContent).toContain('You got 2 of 3 right');
    expect(page.container.textContent).toContain('67% accuracy');
    const results = [...page.container.querySelectorAll('ol button')].map((b) => b.getAttribute('aria-label'));
    expect(results).toEqual(['Question 1: right', 'Question 2: not right', 'Question 3: right']);
  });

  it('lets Enter on a button do only what the button does', async () => {
    const net = server(practiceSession([practiceQuestion({ questionId: 'q1' }), practiceQuestion({ questionId: 'q2' })]));
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('Question 1 of 2'));
    press('2');
    const button = getButton(page.container, 'Check answer');
    act(() => void button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })));
    expect(net.calls('POST /api/practice/sessions/s1/answers')).toHaveLength(0);
    click(button);
    await waitFor(() => expect(page.container.textContent).toContain('Correct!'));
    expect(net.calls('POST /api/practice/sessions/s1/answers')).toHaveLength(1);
  });

  it('practises again as it was started, or just the wrong answers', async () => {
    rememberStart('s1', { source: 'bank', topic: 'percentages', count: 10 });
    const net = server(
      practiceSession([
        practiceQuestion({ questionId: 'q1', feedback: feedbackFor('q1', ['A'], ['B']) }),
        practiceQuestion({ questionId: 'q2', feedback: feedbackFor('q2', ['C'], ['C']) }),
      ]),
    );
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('Session complete'));
    expect(page.container.textContent).toContain('You got 1 of 2 right');

    click(getButton(page.container, 'Try my wrong answers again'));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/practice/s2'));
    expect(net.calls('POST /api/practice/sessions')[0]?.body).toEqual({ source: 'mistakes', count: 5, questionIds: ['q1'] });
    await waitFor(() => expect(page.container.textContent).toContain('Question 1 of 1'));

    const again = await render();
    await waitFor(() => expect(again.container.textContent).toContain('Session complete'));
    click(getButton(again.container, 'Practise again'));
    await waitFor(() => expect(net.calls('POST /api/practice/sessions')).toHaveLength(2));
    expect(net.calls('POST /api/practice/sessions')[1]?.body).toEqual({ source: 'bank', topic: 'percentages', count: 10 });
  });

  it('bookmarks the question shown', async () => {
    const net = server(practiceSession([practiceQuestion({ questionId: 'q2' })]));
    const page = await render();
    const toggle = await waitFor(() => getButton(page.container, 'Bookmark'));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    click(toggle);
    await waitFor(() => expect(getButton(page.container, 'Bookmarked').getAttribute('aria-pressed')).toBe('true'));
    expect(net.calls('PUT /api/bookmarks/q2')).toHaveLength(1);
  });

  it('goes back to an answered question to read its feedback again', async () => {
    server(practiceSession([practiceQuestion({ questionId: 'q1', feedback: feedbackFor('q1', ['B'], ['B']) }), practiceQuestion({ questionId: 'q2' })]));
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('Question 2 of 2'));
    click(getButton(page.container, 'Previous question'));
    expect(page.container.textContent).toContain('Question 1 of 2');
    expect(page.container.textContent).toContain('Correct!');
    click(getButton(page.container, 'Next question'));
    expect(page.container.textContent).toContain('Question 2 of 2');
  });

  it('shows the server\'s message for a session that is not the candidate\'s, without a retry', async () => {
    fakeApi({ 'GET /api/practice/sessions/s1': () => apiError(404, 'NOT_FOUND', 'Practice session not found') });
    const page = await render();
    await waitFor(() => expect(alerts(page.container)).toEqual(['Practice session not found']));
    expect(page.container.querySelector('[role="alert"] button')).toBeNull();
    expect([...page.container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain('/practice');
  });

  it('keeps the choice and says so when an answer cannot be checked', async () => {
    fakeApi({
      'GET /api/practice/sessions/s1': () => ({ body: { data: practiceSession([practiceQuestion({ questionId: 'q1' })]) } }),
      'POST /api/practice/sessions/s1/answers': () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.'),
    });
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('Question 1 of 1'));
    press('3');
    press('Enter');
    await waitFor(() => expect(alerts(page.container).join(' ')).toContain('briefly unavailable'));
    expect(checked(page.container)).toEqual(['C']);
    expect(getButton(page.container, 'Check answer').disabled).toBe(false);
  });
});

describe('a practice session in Hindi', () => {
  it('shows a question with Hindi in Hindi, the same letters checked, and its feedback’s explanation in Hindi', async () => {
    const question = practiceQuestion({
      questionId: 'q1',
      translation: {
        language: 'hi',
        stemHtml: '<p>50 का 20% कितना है?</p>',
        options: (['A', 'B', 'C', 'D'] as const).map((id) => ({ id, html: `<p>विकल्प ${id}</p>` })),
      },
    });
    const net = fakeApi({
      'GET /api/practice/sessions/s1': () => ({ body: { data: practiceSession([question, practiceQuestion({ questionId: 'q2' })]) } }),
      'POST /api/practice/sessions/s1/answers': () => ({
        body: { data: feedbackFor('q1', ['B'], ['B'], { translation: { language: 'hi', explanationHtml: '<p>क्योंकि 50 का 20% 10 है।</p>' } }) },
      }),
    });
    await setLocale('hi');
    try {
      const page = await render();
      await waitFor(() => expect(page.container.querySelector('.prose')?.textContent).toBe('50 का 20% कितना है?'));
      expect(page.container.querySelector('.prose')?.getAttribute('lang')).toBe('hi');
      const b = page.container.querySelector<HTMLInputElement>('fieldset input[value="B"]')!;
      expect(b.closest('label')?.textContent).toContain('विकल्प B');
      click(b);
      click(getButton(page.container, 'उत्तर जाँचें'));
      await waitFor(() => expect(page.container.textContent).toContain('क्योंकि 50 का 20% 10 है।'));
      expect(page.container.textContent).not.toContain('Because 20% of 50 is 10.');
      expect(net.calls('POST /api/practice/sessions/s1/answers')[0]?.body).toEqual({ questionId: 'q1', optionIds: ['B'] });
    } finally {
      await setLocale('en');
    }
  });
});
