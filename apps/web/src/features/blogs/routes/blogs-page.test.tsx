import { afterEach, describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, type FakeResponse } from '@/testing/fake-api';
import { blogListItem } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { BlogsPage } from './blogs-page';

const routes = [{ path: '/blogs', Component: BlogsPage }];
const LIST = 'GET /public/allblogs';

let page: Awaited<ReturnType<typeof renderRoutes>>;

afterEach(cleanUpPages);

const statusText = () => [...page.container.querySelectorAll('[role="status"]')].map((s) => s.textContent);
const cardLinks = () => [...page.container.querySelectorAll('article a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('blogs page', () => {
  it('says it is loading, then lists the blogs as links to each', async () => {
    const answer = deferred<FakeResponse>();
    fakeApi({ [LIST]: () => answer.promise });
    page = await renderRoutes(routes, '/blogs');
    expect(statusText()).toContain('Loading blogs…');

    answer.resolve({
      body: { data: [blogListItem({ slug: 'exam-day', title: 'Exam day' }), blogListItem({ id: 'b2', slug: 'time-and-work-tricks', title: 'Time and work tricks' })] },
    });

    await waitFor(() => expect(cardLinks()).toEqual([['Exam day', '/blogs/exam-day'], ['Time and work tricks', '/blogs/time-and-work-tricks']]));
    expect(statusText()).not.toContain('Loading blogs…');
    expect(alerts(page.container)).toEqual([]);
  });

  it('loads the first cover, the largest image in view, at once and the others as they near the screen', async () => {
    const covers = ['a', 'b', 'c'].map((id) => blogListItem({ id, slug: `post-${id}`, coverImageUrl: `/media/${id}.webp` }));
    fakeApi({ [LIST]: () => ({ body: { data: covers } }) });
    page = await renderRoutes(routes, '/blogs');
    await waitFor(() => expect(page.container.querySelectorAll('article img')).toHaveLength(3));
    expect([...page.container.querySelectorAll('article img')].map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });

  it('says so when there are none yet', async () => {
    fakeApi({ [LIST]: () => ({ body: { data: [] } }) });
    page = await renderRoutes(routes, '/blogs');
    await waitFor(() => expect(page.container.textContent).toContain('No blogs yet. Check back soon.'));
  });

  it('shows the server’s message when the list cannot be fetched', async () => {
    fakeApi({ [LIST]: () => apiError(429, 'RATE_LIMITED', 'Too many requests; try again in a minute') });
    page = await renderRoutes(routes, '/blogs');
    await waitFor(() => expect(alerts(page.container)).toEqual([expect.stringContaining('Too many requests; try again in a minute')]));
    expect(cardLinks()).toEqual([]);
  });

  it('falls back to "Failed to fetch blogs" for an error without a message, and tries again on request', async () => {
    let fail = true;
    const net = fakeApi({ [LIST]: () => (fail ? apiError(429, 'RATE_LIMITED', '') : { body: { data: [blogListItem()] } }) });
    page = await renderRoutes(routes, '/blogs');
    await waitFor(() => expect(alerts(page.container)).toEqual([expect.stringContaining('Failed to fetch blogs')]));

    fail = false;
    click(getButton(page.container, 'Try again'));

    await waitFor(() => expect(cardLinks()).toEqual([['Exam day', '/blogs/exam-day']]));
    expect(alerts(page.container)).toEqual([]);
    expect(net.calls(LIST)).toHaveLength(2);
  });
});
