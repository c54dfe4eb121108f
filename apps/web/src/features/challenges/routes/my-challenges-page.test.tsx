import { APP } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { myFlag } from '@/testing/challenge-fixtures';
import { fakeApi } from '@/testing/fake-api';
import { cleanUpPages, renderRoutes, waitFor } from '@/testing/render';
import { MyChallengesPage } from './my-challenges-page';

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'token'));
afterEach(cleanUpPages);

describe('my challenges and reports', () => {
  it('lists each with where it was sent, its status, the outcome in words and the editor’s reply', async () => {
    fakeApi({
      'GET /api/me/challenges': () => ({
        body: {
          data: [
            myFlag({ id: 'f2', questionNumber: 7, comment: 'B and D are both right.', reason: 'multiple_correct' }),
            myFlag({ id: 'f1', status: 'resolved', resolution: 'kept', reply: 'Only A fits the data.', resolvedAt: '2026-05-14T09:00:00.000Z' }),
            myFlag({ id: 'r1', kind: 'report', test: null, attemptId: 's9', questionNumber: null, reason: 'other', status: 'resolved', resolution: 'fixed', reply: 'Thanks, the typo is fixed.', resolvedAt: '2026-05-14T09:00:00.000Z' }),
          ],
        },
      }),
    });
    page = await renderRoutes([{ path: '/me/challenges', Component: MyChallengesPage }], '/me/challenges');
    await waitFor(() => expect(page.container.querySelectorAll('article')).toHaveLength(3));
    const [open, kept, fixed] = [...page.container.querySelectorAll('article')].map((a) => a.textContent ?? '');
    expect(page.container.textContent).toContain('3 in all, 1 waiting for the editors.');
    expect(open).toContain('Challenge');
    expect(open).toContain('Question 7 in SSC CGL Mock 1');
    expect(open).toContain('Your challenge: More than one option is right.');
    expect(open).toContain('You wrote: “B and D are both right.”');
    expect(open).toContain('Waiting for the editors');
    expect(kept).toContain('Key kept: the editors checked it and it stays as it was.');
    expect(kept).toContain('Editor’s reply: Only A fits the data.');
    expect(fixed).toContain('Report');
    expect(fixed).toContain('A question from practice');
    expect(fixed).toContain('Fixed: the question was corrected.');
    expect(fixed).toContain('Editor’s reply: Thanks, the typo is fixed.');
    const links = [...page.container.querySelectorAll('article a')].map((a) => a.getAttribute('href'));
    // A test's challenge leads to that attempt's answers; practice has none to open.
    expect(links).toEqual(['/attempts/a1/review', '/attempts/a1/review']);
  });

  it('says so when there is nothing yet', async () => {
    fakeApi({ 'GET /api/me/challenges': () => ({ body: { data: [] } }) });
    page = await renderRoutes([{ path: '/me/challenges', Component: MyChallengesPage }], '/me/challenges');
    await waitFor(() => expect(page.container.textContent).toContain('You have not challenged an answer key or reported a problem yet.'));
  });
});
