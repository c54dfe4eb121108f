import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { adminQuestion, adminTopic } from '@/testing/fixtures';
import { getByLabel, renderRoutes, selectOption, waitFor } from '@/testing/render';
import { AdminQuestionsPage } from './admin-questions-page';

const routes = [{ path: '/admin/questions', Component: AdminQuestionsPage }];

const topics = [adminTopic({ id: 't1', slug: 'time-and-work', title: 'Time and work' }), adminTopic({ id: 't2', slug: 'percentages', title: 'Percentages' })];

const questions = [
  adminQuestion({ id: 'q1', stem: 'A does a job in 10 days and B in 15. Together?', topic: { id: 't1', slug: 'time-and-work', title: 'Time and work' }, categoryPath: 'Quant/Arithmetic' }),
  adminQuestion({ id: 'q2', stem: 'What is 2 + 2?' }),
];

function api() {
  return fakeApi({
    'GET /api/admin/topics': () => ({ body: { data: topics } }),
    'GET /api/admin/questions': ({ query }) => ({ body: { data: questions, total: 45, page: Number(query.get('page')), pageSize: 20 } }),
  });
}

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

describe('question list page', () => {
  it('shows the filters from the address, topic included, and asks the API for them', async () => {
    const net = api();
    page = await renderRoutes(routes, '/admin/questions?search=days&topic=time-and-work&type=single&status=draft&page=2');
    const { container } = page;

    await waitFor(() => expect(container.textContent).toContain('A does a job in 10 days and B in 15. Together?'));
    const query = net.calls('GET /api/admin/questions')[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ search: 'days', topic: 'time-and-work', type: 'single', status: 'draft', page: '2', pageSize: '20' });

    expect(getByLabel(container, 'Search questions').value).toBe('days');
    expect(getByLabel<HTMLSelectElement>(container, 'Type').value).toBe('single');
    expect(getByLabel<HTMLSelectElement>(container, 'Status').value).toBe('draft');
    const topic = getByLabel<HTMLSelectElement>(container, 'Topic');
    await waitFor(() => expect(topic.selectedOptions[0]?.text).toBe('Time and work'));
    expect([...topic.options].map((o) => o.text)).toEqual(['Any', 'Percentages', 'Time and work']);
  });

  it('shows each question’s linked topic in its row', async () => {
    api();
    page = await renderRoutes(routes, '/admin/questions');

    const rows = await waitFor(() => {
      const items = [...page!.container.querySelectorAll('li')];
      expect(items).toHaveLength(2);
      return items;
    });
    expect(rows[0]?.textContent).toContain('Topic: Time and work');
    expect(rows[0]?.textContent).toContain('Quant/Arithmetic');
    expect(rows[1]?.textContent).not.toContain('Topic:');
  });

  it('puts a chosen topic in the address, back on page 1, and lists its questions', async () => {
    const net = api();
    page = await renderRoutes(routes, '/admin/questions?type=single&page=3');
    const topic = await waitFor(() => {
      const select = getByLabel<HTMLSelectElement>(page!.container, 'Topic');
      expect(select.options).toHaveLength(3);
      return select;
    });

    selectOption(topic, 'percentages');

    expect(page.router.state.location.search).toBe('?topic=percentages&type=single');
    await waitFor(() => expect(net.calls('GET /api/admin/questions').at(-1)?.query.toString()).toBe('topic=percentages&type=single&page=1&pageSize=20'));

    selectOption(topic, '');
    expect(page.router.state.location.search).toBe('?type=single');
  });

  it('shows the languages each question can be read in, and lists those of one language or both', async () => {
    const net = fakeApi({
      'GET /api/admin/topics': () => ({ body: { data: [] } }),
      'GET /api/admin/questions': () => ({
        body: { data: [adminQuestion({ id: 'q4', language: 'hi', stem: 'भारत की राजधानी?' }), adminQuestion({ id: 'q5', languages: ['en', 'hi'] })], total: 2, page: 1, pageSize: 20 },
      }),
    });
    page = await renderRoutes(routes, '/admin/questions?language=hi');
    const rows = await waitFor(() => {
      const items = [...page!.container.querySelectorAll('li')];
      expect(items).toHaveLength(2);
      return items;
    });
    expect(rows[0]?.textContent).toContain('DraftHindi');
    expect(rows[1]?.textContent).toContain('DraftEnglish and Hindi');
    expect(net.calls('GET /api/admin/questions')[0]?.query.get('language')).toBe('hi');

    const language = getByLabel<HTMLSelectElement>(page.container, 'Language');
    expect(language.value).toBe('hi');
    expect([...language.options].map((o) => o.text)).toEqual(['Any', 'English', 'Hindi', 'English and Hindi']);
    selectOption(language, 'both');
    expect(page.router.state.location.search).toBe('?bilingual=true');
    await waitFor(() => expect(net.calls('GET /api/admin/questions').at(-1)?.query.toString()).toBe('bilingual=true&page=1&pageSize=20'));
  });

  it('lists each stem as a reader sees it, not its Markdown source', async () => {
    fakeApi({
      'GET /api/admin/topics': () => ({ body: { data: [] } }),
      'GET /api/admin/questions': () => ({ body: { data: [adminQuestion({ id: 'q3', stem: "Grant is \\_\\_\\_\\_\\_ in **Grant's** tomb." })], total: 1, page: 1, pageSize: 20 } }),
    });
    page = await renderRoutes(routes, '/admin/questions');
    await waitFor(() => expect(page!.container.querySelector('li')?.textContent).toContain("Grant is _____ in Grant's tomb."));
  });

  it.each([
    ['', 'Downloads every question in the bank.'],
    ['?category=SSC%2FQuant', 'Downloads the questions in “SSC/Quant” and its sub-categories.'],
    ['?search=days&type=single', 'Downloads every question in the bank, not only the ones listed: an export follows the category filter alone. Select questions to export just those.'],
    ['?category=SSC%2FQuant&status=draft', 'Downloads every question in “SSC/Quant” and its sub-categories, not only the ones listed: an export follows the category filter alone. Select questions to export just those.'],
  ])('says what the export downloads with the filters %j', async (search, hint) => {
    api();
    page = await renderRoutes(routes, `/admin/questions${search}`);
    const box = page.container.querySelector('section[aria-label="Export"]');
    expect(box?.querySelector('p')?.textContent).toBe(hint);
  });
});
