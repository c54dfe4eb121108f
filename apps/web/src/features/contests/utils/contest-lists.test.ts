import { describe, expect, it } from 'vitest';
import { contest, joined, paidContest } from '@/testing/contest-fixtures';
import { listRefreshEvery } from '../api/get-contests';
import { placeContest, startingSoon } from './contest-lists';

describe('placeContest', () => {
  it('moves a joined contest from upcoming to live, with joinedAt, in start order', () => {
    const web = contest();
    const ai = paidContest();
    const early = joined(contest({ id: 'c-early', slug: 'early', startsAt: new Date(Date.now() + 60_000).toISOString() }));
    const lists = { upcoming: [web, ai], live: [early], past: [] };
    const next = placeContest(lists, joined(web));
    expect(next.upcoming.map((c) => c.id)).toEqual(['c-ai']);
    expect(next.live.map((c) => c.id)).toEqual(['c-early', 'c-web']);
    expect(next.live[1]?.joinedAt).toBe('2026-11-24T08:00:00.000Z');
    expect(lists.upcoming).toHaveLength(2);
  });

  it('keeps a pending paid entry in upcoming, and puts a cancelled contest among the past', () => {
    const ai = paidContest();
    const pending = { ...ai, entry: { status: 'pending' as const, holdExpiresAt: new Date().toISOString(), attemptId: null, rank: null, rankOf: null, prize: null, ratingBefore: null, ratingAfter: null, compensatoryTime: null } };
    expect(placeContest({ upcoming: [ai], live: [], past: [] }, pending).upcoming).toEqual([pending]);
    const cancelled = { ...ai, status: 'cancelled' as const };
    expect(placeContest({ upcoming: [ai], live: [], past: [] }, cancelled)).toEqual({ upcoming: [], live: [], past: [cancelled] });
  });
});

describe('startingSoon', () => {
  it('counts joined contests starting within 24 hours or running, not later ones', () => {
    const now = Date.now();
    const soon = joined(contest({ id: 'soon', startsAt: new Date(now + 23 * 3600_000).toISOString() }));
    const later = joined(contest({ id: 'later', startsAt: new Date(now + 25 * 3600_000).toISOString() }));
    const running = joined(contest({ id: 'running', status: 'running', startsAt: new Date(now - 60_000).toISOString() }));
    const ended = joined(contest({ id: 'ended', status: 'ended', startsAt: new Date(now - 3600_000).toISOString() }));
    expect(startingSoon([soon, later, running, ended], now).map((c) => c.id)).toEqual(['soon', 'running']);
  });
});

describe('listRefreshEvery', () => {
  it('asks again every 30 s while a listed contest starts within 10 minutes or runs, else never', () => {
    const now = Date.now();
    const far = contest({ startsAt: new Date(now + 3 * 3600_000).toISOString() });
    expect(listRefreshEvery({ upcoming: [far], live: [], past: [] }, now)).toBe(false);
    expect(listRefreshEvery({ upcoming: [far, contest({ startsAt: new Date(now + 5 * 60_000).toISOString() })], live: [], past: [] }, now)).toBe(30_000);
    expect(listRefreshEvery({ upcoming: [], live: [joined(contest({ status: 'running' }))], past: [] }, now)).toBe(30_000);
    expect(listRefreshEvery(undefined, now)).toBe(false);
  });
});
