import { APP } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { reviewQuestion as question } from '@/testing/review-fixtures';
import { ReviewPage } from './review-page';

const routes = [{ path: '/attempts/:id/review', Component: ReviewPage }];

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'token'));
afterEach(cleanUpPages);

const headings = () => [...page.container.querySelectorAll('article h2')].map((h) => h.textContent);

describe('the review', () => {
  it('shows each answer against the key, the explanation and the share who got it right; filters by outcome', async () => {
    fakeApi({ 'GET /api/attempts/a1/review': () => ({ body: { data: { questions: [question(1, 'correct'), question(2, 'wrong'), question(3, 'unattempted', { averageCorrectSeconds: null })] } } }) });
    page = await renderRoutes(routes, '/attempts/a1/review');
    await waitFor(() => expect(headings()).toEqual(['Question 1', 'Question 2', 'Question 3']));
    expect(page.container.querySelectorAll('article')[2]!.textContent).not.toContain('on average');
    const wrong = page.container.querySelectorAll('article')[1]!;
    expect(wrong.textContent).toContain('✗ Your answer');
    expect(wrong.textContent).toContain('✓ Correct answer');
    expect(wrong.textContent).toContain('Explanation 2');
    expect(wrong.textContent).toContain('62% of candidates got it right.');
    // The candidate's time beside the average of the right answers.
    expect(wrong.textContent).toContain('Time: 1 min 15 s.');
    expect(wrong.textContent).toContain('Those who got it right took 49 s on average.');
    expect(wrong.textContent).toContain('You said: Guess.');
    expect(wrong.textContent).toContain('−0.5');

    click(getButton(page.container, 'Wrong (1)'));
    expect(headings()).toEqual(['Question 2']);
    click(getButton(page.container, 'Unattempted (1)'));
    expect(headings()).toEqual(['Question 3']);
    expect(page.container.textContent).toContain('You did not answer.');
    click(getButton(page.container, 'All (3)'));
    expect(headings()).toHaveLength(3);
  });

  it('says when answers are not shown yet', async () => {
    fakeApi({ 'GET /api/attempts/a1/review': () => apiError(409, 'REVIEW_NOT_YET', 'Answers are shown from 1 Dec 2026') });
    page = await renderRoutes(routes, '/attempts/a1/review');
    await waitFor(() => expect(page.container.querySelector('[role="status"]')?.textContent).toBe('Answers are not shown yetAnswers are shown from 1 Dec 2026'));
    expect(page.container.querySelector('article')).toBeNull();
  });

  it('bookmarks a question and takes the bookmark off again', async () => {
    const net = fakeApi({
      'GET /api/attempts/a1/review': () => ({ body: { data: { questions: [question(1, 'wrong')] } } }),
      'PUT /api/bookmarks/q1': () => ({ body: { data: { questionId: 'q1', bookmarked: true } } }),
      'DELETE /api/bookmarks/q1': () => ({ status: 204 }),
    });
    page = await renderRoutes(routes, '/attempts/a1/review');
    await waitFor(() => getButton(page.container, /Bookmark$/));
    click(getButton(page.container, /Bookmark$/));
    await waitFor(() => expect(getButton(page.container, /Bookmarked$/).getAttribute('aria-pressed')).toBe('true'));
    expect(net.calls('PUT /api/bookmarks/q1')).toHaveLength(1);
    await waitFor(() => expect(getButton(page.container, /Bookmarked$/).disabled).toBe(false));
    click(getButton(page.container, /Bookmarked$/));
    await waitFor(() => expect(getButton(page.container, /Bookmark$/).getAttribute('aria-pressed')).toBe('false'));
    expect(net.calls('DELETE /api/bookmarks/q1')).toHaveLength(1);
  });

  it('marks a question re-marked by a key decision, in words, with the editors’ note', async () => {
    fakeApi({
      'GET /api/attempts/a1/review': () => ({
        body: {
          data: {
            questions: [
              question(1, 'correct', { keyDecision: { action: 'drop', note: 'Two options were the same.', decidedAt: '2026-05-13T09:00:00.000Z' } }),
              question(2, 'correct', { keyDecision: { action: 'keep', note: 'The key is right.', decidedAt: '2026-05-13T09:00:00.000Z' } }),
            ],
          },
        },
      }),
    });
    page = await renderRoutes(routes, '/attempts/a1/review');
    const articles = await waitFor(() => {
      const found = page.container.querySelectorAll('article');
      expect(found).toHaveLength(2);
      return found;
    });
    const dropped = articles[0]!.querySelector('[role="note"]')!.textContent;
    expect(dropped).toContain('Dropped: full marks to everyone');
    expect(dropped).toContain('This question was re-marked');
    expect(dropped).toContain('Editors’ note: Two options were the same.');
    expect(articles[0]!.textContent).toContain('Re-marked');
    const kept = articles[1]!.querySelector('[role="note"]')!.textContent;
    expect(kept).toContain('Answer key kept after review');
    expect(kept).not.toContain('re-marked');
  });
});
