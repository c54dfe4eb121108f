import { APP, type AdminQuestion, type QuestionInput } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '@/testing/fake-api';
import { adminQuestion } from '@/testing/fixtures';
import { alerts, click, getButton, getByLabel, renderRoutes, selectOption, waitFor } from '@/testing/render';
import { api, routes } from './question-editor-page.harness';

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;

beforeEach(() => {
  localStorage.setItem(APP.authTokenKey, 'editor-token');
});

afterEach(() => {
  page?.unmount();
  page = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('edit question page', () => {
  const linked: AdminQuestion = adminQuestion({ id: 'q1', topic: { id: 't1', slug: 'time-and-work', title: 'Time and work' } });

  it('shows the linked topic, and unlinking it sends topicId null', async () => {
    const net = api({
      'GET /api/admin/questions/q1': () => ({ body: { data: linked } }),
      'PUT /api/admin/questions/q1': ({ body }) => ({ body: { data: { ...linked, topic: null, stem: (body as QuestionInput).stem } } }),
    });
    page = await renderRoutes(routes, '/admin/questions/q1/edit');

    const topic = await waitFor(() => getByLabel<HTMLSelectElement>(page!.container, 'Learning topic'));
    expect(topic.value).toBe('t1');
    expect(topic.selectedOptions[0]?.text).toBe('Time and work');

    selectOption(topic, '');
    click(getButton(page.container, 'Save'));

    await waitFor(() => expect(net.calls('PUT /api/admin/questions/q1')).toHaveLength(1));
    expect(net.calls('PUT /api/admin/questions/q1')[0]?.body).toMatchObject({ stem: 'What is 2 + 2?', topicId: null });
  });

  it('shows an all-or-nothing question with its marking and badge, and keeps it on save', async () => {
    const strict = adminQuestion({
      id: 'q1',
      type: 'multiple',
      marking: 'allOrNothing',
      options: [
        { text: '2', textHtml: '<p>2</p>', correct: true, fraction: 0.5, feedback: null, feedbackHtml: null },
        { text: '4', textHtml: '<p>4</p>', correct: false, fraction: -0.5, feedback: null, feedbackHtml: null },
        { text: '5', textHtml: '<p>5</p>', correct: true, fraction: 0.5, feedback: null, feedbackHtml: null },
      ],
    });
    const net = api({
      'GET /api/admin/questions/q1': () => ({ body: { data: strict } }),
      'PUT /api/admin/questions/q1': () => ({ body: { data: strict } }),
    });
    page = await renderRoutes(routes, '/admin/questions/q1/edit');

    const marking = await waitFor(() => getByLabel<HTMLSelectElement>(page!.container, 'Marking'));
    expect(marking.value).toBe('allOrNothing');
    const badges = [...page.container.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Multiple answers'));
    expect(badges?.textContent).toBe('Multiple answersAll or nothingMediumDraftEnglish');
    click(getButton(page.container, 'Save'));

    await waitFor(() => expect(net.calls('PUT /api/admin/questions/q1')).toHaveLength(1));
    expect(net.calls('PUT /api/admin/questions/q1')[0]?.body).toMatchObject({ type: 'multiple', marking: 'allOrNothing' });
  });

  it('names the linked topic even when the topic list cannot be loaded', async () => {
    api({
      'GET /api/admin/questions/q1': () => ({ body: { data: linked } }),
      'GET /api/admin/topics': () => apiError(429, 'RATE_LIMITED', 'Too many requests; try again in a minute'),
    });
    page = await renderRoutes(routes, '/admin/questions/q1/edit');

    await waitFor(() => expect(page?.container.textContent).toContain('Could not load the topics: Too many requests; try again in a minute'));
    const topic = getByLabel<HTMLSelectElement>(page.container, 'Learning topic');
    expect(topic.value).toBe('t1');
    expect([...topic.options].map((o) => o.text)).toEqual(['No topic', 'Time and work']);
  });

  it('puts the server’s field message under the topic', async () => {
    api({
      'GET /api/admin/questions/q1': () => ({ body: { data: linked } }),
      'PUT /api/admin/questions/q1': () => apiError(400, 'VALIDATION_FAILED', 'Some fields are invalid', [{ field: 'topicId', message: 'No such topic' }]),
    });
    page = await renderRoutes(routes, '/admin/questions/q1/edit');
    const topic = await waitFor(() => getByLabel<HTMLSelectElement>(page!.container, 'Learning topic'));

    click(getButton(page.container, 'Save'));

    await waitFor(() => expect(topic.getAttribute('aria-invalid')).toBe('true'));
    expect(page.container.textContent).toContain('No such topic');
    expect(alerts(page.container)).toContain('Some fields are invalid');
  });
});
