import type { Topic } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { cleanUpPages, renderRoutes, waitFor } from '@/testing/render';
import { TopicRoute } from './topic';

afterEach(cleanUpPages);

const topic = (slug: string, title: string): Topic => ({
  id: `t-${slug}`,
  slug,
  title,
  language: 'en',
  summary: '',
  category: 'SSC',
  tags: [],
  difficulty: 'Beginner',
  order: 0,
  publishedAt: '2026-01-05T10:00:00.000Z',
  readingTimeMinutes: 3,
  contentHtml: `<p>All about ${title}.</p>`,
  translations: [],
  updatedAt: '2026-01-05T10:00:00.000Z',
});

function api() {
  return fakeApi({
    'GET /api/topics/percentages': () => ({ body: { data: topic('percentages', 'Percentages') } }),
    'GET /api/topics/typography': () => ({ body: { data: topic('typography', 'Typography') } }),
    'GET /api/practice/choices': () => ({ body: { data: { categories: [], topics: [{ slug: 'percentages', title: 'Percentages', count: 12 }], total: 12 } } }),
  });
}
const render = (slug: string) => renderRoutes([{ path: '/topics/:slug', Component: TopicRoute }], `/topics/${slug}`);
const practiseLink = (container: HTMLElement) => [...container.querySelectorAll('a')].find((a) => a.textContent === 'Practise this topic');

describe('the topic route', () => {
  it('offers "Practise this topic" for a topic with questions in the bank', async () => {
    api();
    const page = await render('percentages');
    const link = await waitFor(() => {
      const found = practiseLink(page.container);
      expect(found).toBeDefined();
      return found!;
    });
    expect(link.getAttribute('href')).toBe('/practice?topic=percentages');
    expect(page.container.textContent).toContain('12 questions to practise');
    expect(page.container.textContent).toContain('All about Percentages.');
  });

  it('offers nothing to practise for a topic without questions', async () => {
    const net = api();
    const page = await render('typography');
    await waitFor(() => expect(page.container.textContent).toContain('All about Typography.'));
    await waitFor(() => expect(net.calls('GET /api/practice/choices')).toHaveLength(1));
    expect(practiseLink(page.container)).toBeUndefined();
  });
});
