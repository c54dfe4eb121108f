import { APP } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { cleanUpPages, renderRoutes, waitFor } from '@/testing/render';
import { ContestRatingCard } from './rating-card';

let page: Awaited<ReturnType<typeof renderRoutes>>;
afterEach(cleanUpPages);

const item = (n: number, before: number, after: number, endsAt: string) => ({ contestId: `c${n}`, slug: `contest-${n}`, title: `Contest ${n}`, endsAt, rank: n, participants: 40, ratingBefore: before, ratingAfter: after, performance: after + 20 });

describe('the contest rating on the profile', () => {
  it('shows the rating and its history, newest first', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const net = fakeApi({
      'GET /api/contests/rating': () => ({ body: { data: { rating: 1530, contests: 2, history: [item(1, 1500, 1542, '2026-11-20T10:30:00.000Z'), item(2, 1542, 1530, '2026-11-22T10:30:00.000Z')] } } }),
    });
    page = await renderRoutes([{ path: '/profile', Component: ContestRatingCard }], '/profile');
    await waitFor(() => expect(page.container.textContent).toContain('1530after 2 contests'));
    const rows = [...page.container.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Contest 222 Nov 2026 · performance 1550', '2 of 40', '−12', '1530'],
      ['Contest 120 Nov 2026 · performance 1562', '1 of 40', '+42', '1542'],
    ]);
    expect(page.container.querySelector('tbody a')?.getAttribute('href')).toBe('/contests/contest-2');
    expect(net.calls('GET /api/contests/rating')[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('says when the candidate is not rated yet', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    fakeApi({ 'GET /api/contests/rating': () => ({ body: { data: { rating: null, contests: 0, history: [] } } }) });
    page = await renderRoutes([{ path: '/profile', Component: ContestRatingCard }], '/profile');
    await waitFor(() => expect(page.container.textContent).toContain('You are rated after your first contest.'));
    expect(page.container.querySelector('a')?.getAttribute('href')).toBe('/contests');
  });
});
