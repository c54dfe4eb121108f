import { APP, type ContestList } from '@abhyas/contracts';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { contest, joined, paidContest } from '@/testing/contest-fixtures';
import { apiError, fakeApi } from '@/testing/fake-api';
import { alerts, cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { ContestsPage } from './contests-page';

const routes = [{ path: '/contests', Component: ContestsPage }];

let page: Awaited<ReturnType<typeof renderRoutes>>;
afterEach(cleanUpPages);

const cards = () => [...page.container.querySelectorAll('article')];
const card = (title: string) => cards().find((a) => a.querySelector('h3')?.textContent === title);
const tab = (name: string) => [...page.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((b) => b.textContent?.startsWith(name))!;

describe('the contests page', () => {
  it('shows each card’s icon, level, price, seats, participants, first prize and start in the candidate’s time zone', async () => {
    const web = contest();
    const ai = paidContest({ users: { count: 1, names: ['Ravi'] } });
    fakeApi({ 'GET /api/contests': () => ({ body: { upcoming: [web, ai], live: [], past: [] } satisfies ContestList }) });
    page = await renderRoutes(routes, '/contests');
    await waitFor(() => expect(cards()).toHaveLength(2));

    const free = card('Web Development')!;
    expect(free.querySelector('svg')).not.toBeNull();
    const text = free.textContent ?? '';
    expect(text).toContain('Beginner');
    expect(text).toContain('Upcoming');
    expect(text).toContain('EntryFree');
    expect(text).toContain('First prize₹1,000');
    expect(text).toContain('12/50 seats filled');
    expect(text).toContain('38 left');
    expect(text).toContain('12 taking part: Asha, Ravi, Meena, and 9 others');
    expect(text).toContain('20 min · 15 questions');
    const time = free.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(web.startsAt);
    expect(time.textContent).toMatch(/\d{1,2}:\d{2}/);
    expect(free.querySelector('a')?.getAttribute('href')).toBe('/contests/web-development');

    const paid = card('Artificial Intelligence')!.textContent ?? '';
    expect(paid).toContain('Advanced');
    expect(paid).toContain('Entry₹999');
    expect(paid).toContain('First prize₹5,000');
    expect(paid).toContain('40/100 seats filled');
    expect(paid).toContain('1 taking part: Ravi');
  });

  it('sends a visitor to sign in before joining', async () => {
    const net = fakeApi({ 'GET /api/contests': () => ({ body: { upcoming: [contest()], live: [], past: [] } }) });
    page = await renderRoutes(routes, '/contests');
    await waitFor(() => expect(card('Web Development')?.querySelector('a[href="/login?next=/contests/web-development"]')?.textContent).toBe('Sign in to join'));
    expect(net.calls('GET /api/contests')[0]?.headers.authorization).toBeUndefined();
    click(tab('Live'));
    expect(page.container.textContent).toContain('Sign in to see the contests you joined.');
  });

  it('moves a contest from Upcoming to Live with joinedAt as soon as it is joined, from the one store', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const web = contest();
    const net = fakeApi({
      'GET /api/contests': () => ({ body: { upcoming: [web, paidContest()], live: [], past: [] } }),
      'POST /api/contests/c-web/join': () => ({ body: { data: joined(web), payment: null } }),
    });
    page = await renderRoutes(routes, '/contests');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(tab('Live').textContent).toBe('Live0');
    // A paid contest is joined on its own page, where the payment happens.
    expect([...card('Artificial Intelligence')!.querySelectorAll('a[href="/contests/artificial-intelligence"]')].map((a) => a.textContent)).toEqual(['Artificial Intelligence', 'Pay ₹999 and join']);

    click(getButton(page.container, 'Join for free Web Development'));
    await waitFor(() => expect(cards().map((a) => a.querySelector('h3')?.textContent)).toEqual(['Artificial Intelligence']));
    expect(tab('Upcoming').textContent).toBe('Upcoming1');
    expect(tab('Live').textContent).toBe('Live1');
    click(tab('Live'));
    expect(page.router.state.location.search).toBe('?tab=live');
    const live = card('Web Development')!.textContent ?? '';
    expect(live).toContain('Joined');
    expect(live).toContain('You joined on Tue, 24 Nov, 8:00 am UTC.');
    expect(live).toContain('13/50 seats filled');
    expect(net.calls('GET /api/contests')).toHaveLength(1);
    expect(net.calls('POST /api/contests/c-web/join')[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('shows the server’s refusal on the card and why registration is closed', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const full = contest({ id: 'c-full', slug: 'full', title: 'Graphic Design', filledSeats: 60, totalSeats: 60, registration: { open: false, reason: 'Contest is full' } });
    fakeApi({
      'GET /api/contests': () => ({ body: { upcoming: [contest(), full], live: [], past: [] } }),
      'POST /api/contests/c-web/join': () => apiError(409, 'CONTEST_FULL', 'Contest is full'),
    });
    page = await renderRoutes(routes, '/contests');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const closed = card('Graphic Design')!;
    expect(closed.textContent).toContain('Contest is full');
    expect(closed.textContent).toContain('Full');
    expect(closed.querySelector('button')).toBeNull();
    click(getButton(page.container, 'Join for free Web Development'));
    await waitFor(() => expect(alerts(card('Web Development')!)).toEqual(['Contest is full']));
  });

  it('shows past contests, with the candidate’s rank where they took part', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok');
    const done = joined(contest({ status: 'final', registration: { open: false, reason: 'The contest has ended' } }), {
      entry: { status: 'confirmed', holdExpiresAt: null, attemptId: 'a7', rank: 3, rankOf: 9, prize: null, ratingBefore: 1500, ratingAfter: 1520, compensatoryTime: null },
    });
    fakeApi({ 'GET /api/contests': () => ({ body: { upcoming: [], live: [], past: [done] } }) });
    page = await renderRoutes(routes, '/contests?tab=past');
    await waitFor(() => expect(card('Web Development')?.textContent).toContain('You ranked 3 of 9.'));
    expect(tab('Past').getAttribute('aria-selected')).toBe('true');
    expect(card('Web Development')?.textContent).toContain('Results out');
    expect(card('Web Development')?.querySelector('button')).toBeNull();
  });

  it('moves between the tabs with the arrow keys, Home and End, as tabs do', async () => {
    fakeApi({ 'GET /api/contests': () => ({ body: { upcoming: [contest()], live: [], past: [] } }) });
    page = await renderRoutes(routes, '/contests');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const press = (key: string) => act(() => void (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
    act(() => tab('Upcoming').focus());
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Live'));
    expect(tab('Live').getAttribute('aria-selected')).toBe('true');
    expect(tab('Upcoming').tabIndex).toBe(-1);
    press('End');
    expect(document.activeElement).toBe(tab('Past'));
    expect(page.router.state.location.search).toBe('?tab=past');
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Upcoming'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('Past'));
    press('Home');
    expect(page.router.state.location.search).toBe('');
    expect(page.container.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby')).toBe(tab('Upcoming').id);
  });
});
