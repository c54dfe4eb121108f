import type { PracticeChoices, PracticeSessionSummary } from '@abhyas/contracts';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi, type FakeHandler } from '@/testing/fake-api';
import { practiceQuestion, practiceSession } from '@/testing/practice-fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { PracticePage } from './practice-page';

afterEach(cleanUpPages);

const choices: PracticeChoices = {
  categories: [
    { path: 'Banking', count: 40 },
    { path: 'Banking/Reasoning', count: 25 },
    { path: 'SSC', count: 60 },
  ],
  topics: [
    { slug: 'percentages', title: 'Percentages', count: 12 },
    { slug: 'time-and-work', title: 'Time and work', count: 8 },
  ],
  total: 100,
};
const recent: PracticeSessionSummary[] = [
  { id: 's-open', source: 'bank', label: 'Banking › Reasoning · Mixed difficulty', status: 'open', startedAt: '2026-03-02T04:00:00.000Z', position: 3, correct: 2, answered: 3, questionCount: 10 },
  { id: 's-done', source: 'mistakes', label: 'My mistakes', status: 'submitted', startedAt: '2026-03-01T04:00:00.000Z', position: 5, correct: 4, answered: 5, questionCount: 5 },
];
const started = practiceSession([practiceQuestion({ questionId: 'q1' })], { id: 's-new' });

function api(overrides: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/practice/choices': () => ({ body: { data: choices } }),
    'GET /api/practice/mistakes': () => ({ body: { data: { due: 3, later: 5, mastered: 2, total: 10, nextDueAt: null } } }),
    'GET /api/bookmarks': () => ({ body: { data: [{ questionId: 'b1', stemHtml: '<p>What is 15% of 80?</p>', categoryPath: 'SSC/Quant', createdAt: '2026-03-01T04:00:00.000Z' }] } }),
    'GET /api/practice/sessions': () => ({ body: { data: recent } }),
    'POST /api/practice/sessions': () => ({ status: 201, body: { data: started } }),
    'DELETE /api/bookmarks/b1': () => ({ body: { data: { questionId: 'b1', bookmarked: false } } }),
    ...overrides,
  });
}

function SessionStub() {
  return <p>Session {useParams().id}</p>;
}
const render = (url = '/practice') =>
  renderRoutes(
    [
      { path: '/practice', Component: PracticePage },
      { path: '/practice/:id', Component: SessionStub },
    ],
    url,
  );

describe('practice page', () => {
  it('starts a session for a category with a difficulty mix and a count, then opens it', async () => {
    const net = api();
    const page = await render();
    const category = await waitFor(() => {
      const select = getByLabel<HTMLSelectElement>(page.container, 'Category');
      expect(select.options).toHaveLength(4);
      return select;
    });
    expect([...category.options].map((o) => o.text)).toEqual(['All categories (100 questions)', 'Banking (40)', 'Banking › Reasoning (25)', 'SSC (60)']);
    selectOption(category, 'Banking/Reasoning');
    click(getByLabel(page.container, 'Easy'));
    typeInto(getByLabel(page.container, 'Number of questions'), '20');
    click(getButton(page.container, 'Start practice'));

    await waitFor(() => expect(page.container.textContent).toContain('Session s-new'));
    expect(net.calls('POST /api/practice/sessions')[0]?.body).toEqual({ source: 'bank', count: 20, category: 'Banking/Reasoning', difficulties: ['medium', 'hard'] });
  });

  it('asks for a learning topic, a difficulty and a count within 5 to 50 before sending anything', async () => {
    const net = api();
    const page = await render();
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(page.container, 'Category').options).toHaveLength(4));
    click(getByLabel(page.container, 'A learning topic'));
    for (const level of ['Easy', 'Medium', 'Hard']) click(getByLabel(page.container, level));
    typeInto(getByLabel(page.container, 'Number of questions'), '51');
    click(getButton(page.container, 'Start practice'));
    expect(page.container.textContent).toContain('Choose a learning topic');
    expect(page.container.textContent).toContain('Tick at least one difficulty');
    expect(page.container.textContent).toContain('Enter a whole number from 5 to 50');
    expect(getByLabel(page.container, 'Number of questions').getAttribute('aria-invalid')).toBe('true');

    selectOption(getByLabel<HTMLSelectElement>(page.container, 'Learning topic'), 'time-and-work');
    click(getByLabel(page.container, 'Hard'));
    typeInto(getByLabel(page.container, 'Number of questions'), '5');
    click(getButton(page.container, 'Start practice'));
    await waitFor(() => expect(net.calls('POST /api/practice/sessions')).toHaveLength(1));
    expect(net.calls('POST /api/practice/sessions')[0]?.body).toEqual({ source: 'bank', count: 5, topic: 'time-and-work', difficulties: ['hard'] });
  });

  it('starts a topic\'s session at once when it comes from a topic page', async () => {
    const net = api();
    const page = await render('/practice?topic=percentages');
    await waitFor(() => expect(page.container.textContent).toContain('Session s-new'));
    expect(net.calls('POST /api/practice/sessions').map((r) => r.body)).toEqual([{ source: 'bank', count: 10, topic: 'percentages' }]);
    expect(page.router.state.location.pathname).toBe('/practice/s-new');
  });

  it('says so when a topic has nothing to practise, and keeps the topic chosen', async () => {
    api({ 'POST /api/practice/sessions': () => apiError(409, 'CONFLICT', 'No published questions match this choice yet: choose another category, topic or difficulty') });
    const page = await render('/practice?topic=time-and-work');
    await waitFor(() => expect(alerts(page.container).join(' ')).toContain('No published questions match this choice yet'));
    expect(page.router.state.location.pathname).toBe('/practice');
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(page.container, 'Learning topic').value).toBe('time-and-work'));
  });

  it('shows the mistakes shelf and practises the mistakes, due ones first', async () => {
    const net = api();
    const page = await render();
    await waitFor(() => expect(page.container.querySelector('dl')?.textContent).toContain('Due today'));
    const figures = [...page.container.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]);
    expect(figures).toEqual([
      ['Due today', '3'],
      ['Later', '5'],
      ['Mastered', '2'],
    ]);
    click(getButton(page.container, 'Practise my mistakes'));
    await waitFor(() => expect(page.container.textContent).toContain('Session s-new'));
    expect(net.calls('POST /api/practice/sessions')[0]?.body).toEqual({ source: 'mistakes', count: 5 });
  });

  it('cannot practise mistakes before there are any', async () => {
    api({ 'GET /api/practice/mistakes': () => ({ body: { data: { due: 0, later: 0, mastered: 0, total: 0, nextDueAt: null } } }) });
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('No mistakes yet'));
    expect(getButton(page.container, 'Practise my mistakes').disabled).toBe(true);
  });

  it('lists bookmarks with their stems, removes one, and practises them', async () => {
    let bookmarks = [{ questionId: 'b1', stemHtml: '<p>What is 15% of 80?</p>', categoryPath: 'SSC/Quant', createdAt: '2026-03-01T04:00:00.000Z' }];
    const net = api({ 'GET /api/bookmarks': () => ({ body: { data: bookmarks } }) });
    const page = await render();
    await waitFor(() => expect(page.container.textContent).toContain('What is 15% of 80?'));
    expect(page.container.textContent).toContain('SSC › Quant');
    click(getButton(page.container, 'Practise my bookmarks'));
    await waitFor(() => expect(net.calls('POST /api/practice/sessions')[0]?.body).toEqual({ source: 'bookmarks', count: 5 }));

    const again = await render();
    bookmarks = [];
    click(await waitFor(() => getButton(again.container, 'Remove bookmark')));
    await waitFor(() => expect(net.calls('DELETE /api/bookmarks/b1')).toHaveLength(1));
    await waitFor(() => expect(again.container.textContent).toContain('No bookmarks yet'));
  });

  it('lists recent sessions, an open one to resume', async () => {
    api();
    const page = await render();
    const links = await waitFor(() => {
      const found = [...page.container.querySelectorAll('a')].filter((a) => a.getAttribute('href')?.startsWith('/practice/'));
      expect(found).toHaveLength(2);
      return found;
    });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Resume', '/practice/s-open'],
      ['See results', '/practice/s-done'],
    ]);
    expect(page.container.textContent).toContain('3 of 10 answered · 2 right');
    expect(page.container.textContent).toContain('In progress');
  });
});
