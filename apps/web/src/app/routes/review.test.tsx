import { APP } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n';
import { myFlag } from '@/testing/challenge-fixtures';
import { apiError, fakeApi } from '@/testing/fake-api';
import { alerts, cleanUpPages, click, getButton, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { reviewQuestion } from '@/testing/review-fixtures';
import { ReviewRoute } from './review';

const routes = [{ path: '/attempts/:id/review', Component: ReviewRoute }];
const review = () => ({ body: { data: { questions: [reviewQuestion(1, 'wrong'), reviewQuestion(2, 'correct')] } } });
const openWindow = { open: true, closesAt: '2026-05-12T12:30:00.000Z', reason: null };
const closedWindow = { open: false, closesAt: '2026-05-12T12:30:00.000Z', reason: 'The challenge window closed on 12 May 2026.' };

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'token'));
afterEach(cleanUpPages);

const articles = () => [...page.container.querySelectorAll('article')];
const dialog = () => page.container.querySelector('dialog')!;
const chooseReason = (label: string) => {
  const input = [...dialog().querySelectorAll('label')].find((l) => l.textContent === label)?.querySelector('input');
  if (!input) throw new Error(`No reason "${label}"`);
  click(input);
};

describe('the review’s answer-key challenges', () => {
  it('challenges a question while the window is open, shows it as sent, and shows the server’s refusal of a second one', async () => {
    let sent = 0;
    const net = fakeApi({
      'GET /api/attempts/a1/review': review,
      'GET /api/attempts/a1/challenges': () => ({ body: { data: { window: openWindow, challenges: [] } } }),
      'POST /api/attempts/a1/challenges': ({ body }) => {
        sent += 1;
        const { questionId, reason, comment } = body as { questionId: string; reason: 'wrong_key'; comment?: string };
        if (questionId === 'q2') return apiError(409, 'CONFLICT', 'You have already challenged this question.');
        return { status: 201, body: { data: myFlag({ id: `f${sent}`, questionId, reason, comment: comment ?? null }) } };
      },
    });
    page = await renderRoutes(routes, '/attempts/a1/review');
    await waitFor(() => expect(articles()).toHaveLength(2));
    await waitFor(() => expect(page.container.textContent).toContain('You can challenge the answer key until'));
    expect(page.container.querySelector('a[href="/me/challenges"]')?.textContent).toBe('My challenges and reports');
    // No report while challenges are open.
    expect(page.container.textContent).not.toContain('Report a problem with this question');

    click(getButton(articles()[0]!, 'Challenge the answer key'));
    expect(dialog().textContent).toContain('Challenge the answer key of question 1');
    const reasons = [...dialog().querySelectorAll('fieldset label')].map((l) => l.textContent);
    expect(reasons).toEqual(['The key is wrong', 'More than one option is right', 'No option is right', 'The question has an error']);
    // A reason is needed before anything is sent.
    click(getButton(dialog(), 'Send challenge'));
    expect(dialog().textContent).toContain('Choose what is wrong.');
    expect(net.calls('POST /api/attempts/a1/challenges')).toHaveLength(0);

    chooseReason('The key is wrong');
    typeInto(dialog().querySelector('textarea')!, '  Delhi is not the answer, Mumbai is not either.  ');
    click(getButton(dialog(), 'Send challenge'));
    await waitFor(() => expect(articles()[0]!.textContent).toContain('Challenge sent on'));
    expect(net.calls('POST /api/attempts/a1/challenges')[0]!.body).toEqual({ questionId: 'q1', reason: 'wrong_key', comment: 'Delhi is not the answer, Mumbai is not either.' });
    expect(articles()[0]!.textContent).toContain('Your challenge: The key is wrong.');
    expect(articles()[0]!.textContent).toContain('Waiting for the editors');
    expect(() => getButton(articles()[0]!, 'Challenge the answer key')).toThrow();

    click(getButton(articles()[1]!, 'Challenge the answer key'));
    chooseReason('No option is right');
    click(getButton(dialog(), 'Send challenge'));
    await waitFor(() => expect(alerts(dialog())).toEqual(['You have already challenged this question.']));
    expect(net.calls('POST /api/attempts/a1/challenges')[1]!.body).toEqual({ questionId: 'q2', reason: 'no_correct' });
    expect(dialog().open).toBe(true);
  });

  it('shows a challenge’s outcome and the editor’s reply', async () => {
    fakeApi({
      'GET /api/attempts/a1/review': review,
      'GET /api/attempts/a1/challenges': () => ({
        body: { data: { window: closedWindow, challenges: [myFlag({ status: 'resolved', resolution: 'changed', reply: 'Right: New Delhi is the key now.', resolvedAt: '2026-05-13T09:00:00.000Z' })] } },
      }),
      'GET /api/me/challenges': () => ({ body: { data: [] } }),
    });
    page = await renderRoutes(routes, '/attempts/a1/review');
    await waitFor(() => expect(articles()[0]?.textContent).toContain('Key changed: the question was re-marked against the corrected key.'));
    expect(articles()[0]!.textContent).toContain('Editor’s reply: Right: New Delhi is the key now.');
    expect(articles()[0]!.textContent).toContain('Answered');
  });

  it('once the window is closed, says why once and offers a report on each question instead', async () => {
    const net = fakeApi({
      'GET /api/attempts/a1/review': review,
      'GET /api/attempts/a1/challenges': () => ({ body: { data: { window: closedWindow, challenges: [] } } }),
      'GET /api/me/challenges': () => ({ body: { data: [myFlag({ id: 'r1', kind: 'report', questionId: 'q2', reason: 'other', comment: 'Typo in the stem' })] } }),
      'POST /api/questions/q1/reports': ({ body }) => ({ status: 201, body: { data: myFlag({ id: 'r2', kind: 'report', reason: (body as { reason: 'other' }).reason }) } }),
    });
    page = await renderRoutes(routes, '/attempts/a1/review');
    await waitFor(() => expect(page.container.textContent).toContain('Challenges to the answer key are closed'));
    expect(page.container.textContent?.split('The challenge window closed on 12 May 2026.')).toHaveLength(2);
    await waitFor(() => expect(getButton(articles()[0]!, /Report a problem with this question$/)).toBeTruthy());
    expect(page.container.textContent).not.toContain('Challenge the answer key');
    // The open report on question 2 shows in place of the button.
    expect(articles()[1]!.textContent).toContain('Your report: Something else.');
    expect(() => getButton(articles()[1]!, /Report a problem with this question$/)).toThrow();

    click(getButton(articles()[0]!, /Report a problem with this question$/));
    expect([...dialog().querySelectorAll('fieldset label')].map((l) => l.textContent)).toContain('Something else');
    chooseReason('Something else');
    click(getButton(dialog(), 'Send report'));
    await waitFor(() => expect(articles()[0]!.textContent).toContain('Report sent on'));
    expect(net.calls('POST /api/questions/q1/reports')[0]!.body).toEqual({ reason: 'other', attemptId: 'a1' });
  });
});

describe('the review in Hindi', () => {
  const hindi = {
    language: 'hi' as const,
    stemHtml: '<p>भारत की राजधानी कौन-सी है?</p>',
    options: [
      { id: 'A' as const, html: '<p>दिल्ली</p>' },
      { id: 'B' as const, html: '<p>मुंबई</p>' },
    ],
    explanationHtml: '<p>दिल्ली 1931 से राजधानी है।</p>',
  };

  it('shows each question in Hindi when it has it, the key and the answer under the same letters, else in its own language', async () => {
    await setLocale('hi');
    try {
      fakeApi({
        'GET /api/attempts/a1/review': () => ({ body: { data: { questions: [reviewQuestion(1, 'wrong', { translation: hindi }), reviewQuestion(2, 'correct')] } } }),
        'GET /api/attempts/a1/challenges': () => ({ body: { data: { window: closedWindow, challenges: [] } } }),
      });
      page = await renderRoutes(routes, '/attempts/a1/review');
      await waitFor(() => expect(articles()).toHaveLength(2));
      const [first, second] = articles();
      const items = [...first!.querySelectorAll('li')];
      expect(first!.querySelector('.prose')?.textContent).toBe('भारत की राजधानी कौन-सी है?');
      expect(first!.querySelector('.prose')?.getAttribute('lang')).toBe('hi');
      // A (दिल्ली) is the key, B (मुंबई) the candidate's answer, as in English.
      expect(items[0]!.textContent).toContain('दिल्ली');
      expect(items[0]!.textContent).toContain('✓');
      expect(items[1]!.textContent).toContain('मुंबई');
      expect(items[1]!.textContent).toContain('✗');
      expect(first!.textContent).toContain('दिल्ली 1931 से राजधानी है।');
      expect(first!.textContent).not.toContain('Delhi');
      // Question 2 has no Hindi: shown in English.
      expect(second!.querySelector('.prose')?.textContent).toBe('Stem 2');
      expect(second!.querySelector('.prose')?.getAttribute('lang')).toBe('en');
      expect(second!.textContent).toContain('Explanation 2');
    } finally {
      await setLocale('en');
    }
  });

  it('shows the question in English to a candidate reading the site in English', async () => {
    fakeApi({
      'GET /api/attempts/a1/review': () => ({ body: { data: { questions: [reviewQuestion(1, 'wrong', { translation: hindi })] } } }),
      'GET /api/attempts/a1/challenges': () => ({ body: { data: { window: closedWindow, challenges: [] } } }),
    });
    page = await renderRoutes(routes, '/attempts/a1/review');
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(articles()[0]!.textContent).toContain('Delhi');
    expect(articles()[0]!.textContent).toContain('Explanation 1');
    expect(articles()[0]!.textContent).not.toContain('दिल्ली');
  });
});
