import { APP, type MyAttempt } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { cleanUpPages, renderRoutes, waitFor } from '@/testing/render';
import { HistoryPage } from './history-page';

const routes = [{ path: '/me/attempts', Component: HistoryPage }];

function attempt(id: string, day: number, score: number | null, overrides: Partial<MyAttempt> = {}): MyAttempt {
  const date = `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  return {
    id,
    behaviour: 'timed',
    test: { id: 't1', slug: 'daily-quiz', title: 'Daily quiz', languages: ['en'] },
    status: score === null ? 'open' : 'submitted',
    attemptNumber: 1,
    startedAt: date,
    submittedAt: score === null ? null : date,
    score,
    maxScore: score === null ? null : 20,
    ranked: score !== null,
    percentile: score === null ? null : 80.1234567,
    ...overrides,
  };
}

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'token'));
afterEach(cleanUpPages);

describe('test history', () => {
  it('lists attempts newest first with a score trend, and offers to resume an open one', async () => {
    fakeApi({
      'GET /api/me/attempts': () => ({
        body: { data: [attempt('a1', 10, 8), attempt('a2', 12, 15, { attemptNumber: 2, ranked: false, percentile: null }), attempt('a4', 11, 9, { percentile: null }), attempt('m1', 9, 30, { test: { id: 't2', slug: 'mock-1', title: 'Mock 1', languages: ['en'] }, maxScore: 50 }), attempt('a3', 14, null), attempt('p1', 13, 3, { behaviour: 'practice' })] },
      }),
    });
    page = await renderRoutes(routes, '/me/attempts');
    await waitFor(() => expect(page.container.querySelectorAll('li')).toHaveLength(5));
    const rows = [...page.container.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows[0]).toContain('In progress');
    expect(page.container.querySelector('a[href="/attempts/a3"]')?.textContent).toBe('Resume');
    expect(rows[1]).toContain('15 / 20');
    expect(rows[1]).toContain('Unranked');
    // Ranked, but too few candidates yet for a percentile.
    expect(rows[2]).toContain('9 / 20');
    expect(rows[2]).not.toContain('Unranked');
    // The percentile as the result page shows it, to 7 decimals.
    expect(rows[3]).toContain('8 / 20');
    expect(rows[3]).toContain('80.1234567');
    const chart = page.container.querySelector('svg[role="img"]');
    expect(chart?.getAttribute('aria-label')).toBe('Score as a share of the maximum over 4 tests, from 60% to 75%.');
    expect(chart?.querySelectorAll('circle')).toHaveLength(4);
    // One line, through the three attempts at the daily quiz; the mock is a point of its own.
    const lines = [...(chart?.querySelectorAll('polyline') ?? [])];
    expect(lines.map((l) => l.getAttribute('points')!.split(' ').length)).toEqual([3]);
  });
});
