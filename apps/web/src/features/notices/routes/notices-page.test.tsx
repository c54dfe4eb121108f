import { APP, type Notice } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scoreNotice } from '@/testing/challenge-fixtures';
import { fakeApi } from '@/testing/fake-api';
import { cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import NoticeBell from '../components/notice-bell';
import { NoticesPage } from './notices-page';

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'token'));
afterEach(cleanUpPages);

const at = '2026-05-14T09:00:00.000Z';
const notices: Notice[] = [
  scoreNotice(),
  { id: 'n2', kind: 'challenge_answered', params: { test: 'SSC CGL Mock 1', question: 4, resolution: 'accepted', reply: 'B and D both count.' }, link: '/me/challenges', createdAt: at, readAt: null },
  { id: 'n3', kind: 'report_answered', params: { excerpt: 'What is 20% of 50?', resolution: 'dismissed', reply: 'The figure is right.' }, link: null, createdAt: at, readAt: at },
];

/** The header's bell beside the page, as the app shows them. */
function BellAndPage() {
  return (
    <>
      <header>
        <NoticeBell />
      </header>
      <NoticesPage />
    </>
  );
}

describe('notices', () => {
  it('counts the unread ones on the bell, words each notice from its kind, and marks them all read', async () => {
    let list = notices;
    const net = fakeApi({
      'GET /api/me/notices': () => ({ body: { data: list, unread: list.filter((n) => n.readAt === null).length } }),
      'POST /api/me/notices/read': () => {
        list = list.map((n) => ({ ...n, readAt: n.readAt ?? at }));
        return { status: 204 };
      },
    });
    page = await renderRoutes([{ path: '/notices', Component: BellAndPage }], '/notices');
    const bell = () => page.container.querySelector<HTMLAnchorElement>('header a[href="/notices"]')!;
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notices, 2 unread'));
    expect(bell().textContent).toBe('2');

    const items = [...page.container.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(items[0]).toContain('Your score in SSC CGL Mock 1 changed from 48 to 50.5: the answer key of Q12 was revised (B is the right answer).');
    expect(items[0]).toContain('New');
    expect(items[1]).toContain('Your challenge to Q4 in SSC CGL Mock 1 was answered: more than one option is now accepted.');
    expect(items[1]).toContain('Editor’s reply: B and D both count.');
    expect(items[2]).toContain('Your report on “What is 20% of 50?” was answered: the editors found nothing to change.');
    expect(items[2]).not.toContain('New');
    expect([...page.container.querySelectorAll('li a')].map((a) => a.getAttribute('href'))).toEqual(['/attempts/a1/review', '/me/challenges']);
    expect(page.container.textContent).toContain('2 unread notices.');

    click(getButton(page.container, 'Mark all read'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notices'));
    expect(net.calls('POST /api/me/notices/read')[0]!.body).toEqual({});
    expect(bell().textContent).toBe('');
    expect(page.container.textContent).toContain('You have read them all.');
    expect(page.container.textContent).not.toContain('New');
    expect(getButton(page.container, 'Mark all read').disabled).toBe(true);
  });

  it('marks one notice read when its link is followed', async () => {
    const net = fakeApi({
      'GET /api/me/notices': () => ({ body: { data: [scoreNotice()], unread: 1 } }),
      'POST /api/me/notices/read': () => ({ status: 204 }),
    });
    page = await renderRoutes([{ path: '/notices', Component: NoticesPage }, { path: '/attempts/:id/review', Component: () => <h1>Review</h1> }], '/notices');
    await waitFor(() => expect(page.container.querySelector('li a')).not.toBeNull());
    click(page.container.querySelector<HTMLAnchorElement>('li a')!);
    await waitFor(() => expect(net.calls('POST /api/me/notices/read')).toHaveLength(1));
    expect(net.calls('POST /api/me/notices/read')[0]!.body).toEqual({ ids: ['n1'] });
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Review'));
  });
});
