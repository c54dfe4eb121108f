import type { Blog } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, type FakeResponse } from '@/testing/fake-api';
import { blogListItem } from '@/testing/fixtures';
import { alerts, cleanUpPages, renderRoutes, waitFor } from '@/testing/render';
import { BlogPage } from './blog-page';

const routes = [{ path: '/blogs/:slug', Component: BlogPage }];

const blog: Blog = {
  ...blogListItem({ slug: 'exam-day', title: 'Exam day', author: 'Asha', tags: ['strategy'] }),
  contentHtml: '<p>Arrive <strong>early</strong>.</p>',
  translations: [],
};

let page: Awaited<ReturnType<typeof renderRoutes>>;

afterEach(cleanUpPages);

describe('one blog', () => {
  it('says it is loading, then shows the article with its rendered content', async () => {
    const answer = deferred<FakeResponse>();
    const net = fakeApi({ 'GET /api/blogs/exam-day': () => answer.promise });
    page = await renderRoutes(routes, '/blogs/exam-day');
    expect(page.container.querySelector('[role="status"]')?.textContent).toBe('Loading article…');

    answer.resolve({ body: { data: blog } });

    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Exam day'));
    const article = page.container.querySelector('article');
    expect(article?.textContent).toContain('By Asha');
    expect(article?.textContent).toContain('#strategy');
    expect(article?.querySelector('strong')?.textContent).toBe('early');
    expect(page.container.querySelector('[role="status"]')).toBeNull();
    expect(document.title).toContain('Exam day');
    expect(net.calls('GET /api/blogs/exam-day')).toHaveLength(1);
  });

  it('marks a Hindi blog’s title and content as Hindi, whatever language the page is in', async () => {
    const hindi: Blog = { ...blog, title: 'परीक्षा का दिन', language: 'hi', contentHtml: '<p>समय से पहुँचें।</p>' };
    fakeApi({ 'GET /api/blogs/exam-day': () => ({ body: { data: hindi } }) });
    page = await renderRoutes(routes, '/blogs/exam-day');

    await waitFor(() => expect(page.container.querySelector('h1[lang="hi"]')?.textContent).toBe('परीक्षा का दिन'));
    expect(page.container.querySelector('.prose')?.getAttribute('lang')).toBe('hi');
    expect(page.container.querySelector('article')?.textContent).toContain('By Asha');
  });

  it('shows "Blog not found" without a retry, as trying again cannot help', async () => {
    fakeApi({ 'GET /api/blogs/gone': () => apiError(404, 'NOT_FOUND', 'Blog not found') });
    page = await renderRoutes(routes, '/blogs/gone');

    await waitFor(() => expect(alerts(page.container)).toEqual(['Blog not found']));
    expect(page.container.querySelector('[role="alert"] button')).toBeNull();
    expect(page.container.querySelector('article')).toBeNull();
  });

  it('falls back to "Failed to fetch blogs" when the error has no message', async () => {
    fakeApi({ 'GET /api/blogs/exam-day': () => apiError(429, 'RATE_LIMITED', '') });
    page = await renderRoutes(routes, '/blogs/exam-day');
    await waitFor(() => expect(alerts(page.container)).toEqual(['Failed to fetch blogs']));
  });
});
