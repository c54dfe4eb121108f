import { APP } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { adminTest, itemStats, itemStatsQuestion } from '@/testing/fixtures';
import { cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { ItemStatsPage } from './item-stats-page';

const routes = [{ path: '/admin/tests/:id/stats', Component: ItemStatsPage }];

const questions = [
  itemStatsQuestion({ questionId: 'q1', label: 'What is 15% of 200?', facilityIndex: 62.5, discriminationIndex: 41.2, discriminativeEfficiency: 55.3 }),
  itemStatsQuestion({
    questionId: 'q2',
    label: 'Which river is the longest in India?',
    facilityIndex: 35,
    standardDeviation: 48.4,
    discriminationIndex: -12.5,
    discriminativeEfficiency: 9.2,
    options: [
      { position: 0, label: 'Godavari', correct: true, count: 8, share: 26.6667, upperGroupCount: 2, lowerGroupCount: 1 },
      { position: 1, label: 'Yamuna', correct: false, count: 4, share: 13.3333, upperGroupCount: 1, lowerGroupCount: 5 },
      { position: 2, label: 'Ganga', correct: false, count: 16, share: 53.3333, upperGroupCount: 7, lowerGroupCount: 2 },
      { position: 3, label: 'Narmada', correct: false, count: 2, share: 6.6667, upperGroupCount: 0, lowerGroupCount: 2 },
    ],
    noAnswer: { count: 0, share: 0 },
    flags: { lowDiscriminativeEfficiency: true, negativeDiscrimination: true, likelyMiskey: true },
    likelyMiskeyOption: 2,
  }),
  itemStatsQuestion({ questionId: 'q3', label: 'Choose the synonym of “candid”.', facilityIndex: 88, discriminationIndex: null, discriminativeEfficiency: null }),
];

beforeEach(() => localStorage.setItem(APP.authTokenKey, 'editor-token'));
afterEach(cleanUpPages);

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const bodyRows = (scope: ParentNode) => [...scope.querySelectorAll('[role="region"] > table > tbody > tr')].filter((tr) => tr.querySelector('th[scope="row"] button'));
const rowNumbers = (scope: ParentNode) => bodyRows(scope).map((tr) => text(tr.querySelector('th')));

describe('item analysis page', () => {
  it('shows the test statistics explained, and each question’s figures and flags in words', async () => {
    fakeApi({
      'GET /api/admin/tests/test1': () => ({ body: { data: adminTest({ title: 'SSC CGL Tier I: Full Mock Test 1', maxScore: 200 }) } }),
      'GET /api/admin/tests/test1/item-stats': () => ({ body: { data: itemStats(questions) } }),
    });
    const { container } = await renderRoutes(routes, '/admin/tests/test1/stats');
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Item analysis'));
    await waitFor(() => expect(container.textContent).toContain('Which river is the longest in India?'));
    expect(container.textContent).toContain('SSC CGL Tier I: Full Mock Test 1');
    expect(container.textContent).toContain('30 submitted first attempts');

    const figures = Object.fromEntries([...container.querySelectorAll('dl > div')].map((d) => [text(d.querySelector('dt')), [...d.querySelectorAll('dd')].map(text)]));
    expect(figures['Mean score']).toEqual(['102.8 of 200', 'The average total score.']);
    expect(figures['Median score']?.[0]).toBe('109.5 of 200');
    expect(figures['Standard deviation']?.[0]).toBe('52.4');
    expect(figures['Skewness']?.[0]).toBe('−0.19');
    expect(figures['Kurtosis']?.[0]).toBe('−1.33');
    expect(figures['Internal consistency (CIC)']).toEqual(['96.7%', 'How far the questions measure one ability; above 75% is generally good.']);
    expect(figures['Error ratio']?.[0]).toBe('18.2%');
    expect(figures['Standard error']?.[0]).toBe('9.55');
    expect(figures['First attempts']?.[0]).toBe('30');

    const [first, second, third] = bodyRows(container);
    expect([...second!.querySelectorAll('td')].slice(1, 5).map(text)).toEqual(['35.0%', '48.4%', '−12.5%', '9.2%']);
    // Flags by words (and an icon), not colour alone; the suspect option is named.
    const flags = [...second!.querySelectorAll('li')].map(text);
    expect(flags).toEqual(['Low efficiency', 'Negative discrimination', 'Likely wrong key: C']);
    expect(second!.querySelectorAll('li svg[aria-hidden="true"]')).toHaveLength(3);
    expect(text(first!.querySelectorAll('td')[5])).toBe('None');
    // A figure that could not be computed is read as such.
    const missing = third!.querySelectorAll('td')[3]!;
    expect(text(missing.querySelector('[aria-hidden="true"]'))).toBe('—');
    expect(text(missing.querySelector('.sr-only'))).toBe('not available');
    expect(second!.querySelector('a[href="/admin/questions/q2/edit"]')?.getAttribute('aria-label')).toBe('Edit question 2');
    expect(container.querySelector('[role="region"][tabindex="0"]')).not.toBeNull();
    // The explanations say what the thirds are and how a likely wrong key shows.
    expect(container.textContent).toContain('Top and bottom third: the candidates with the highest and the lowest total scores.');
    expect(container.textContent).toContain('an option the top third prefers over the key is flagged as a likely wrong key.');
  });

  it('sorts by each figure from its column heading, either way', async () => {
    fakeApi({
      'GET /api/admin/tests/test1': () => ({ body: { data: adminTest() } }),
      'GET /api/admin/tests/test1/item-stats': () => ({ body: { data: itemStats(questions) } }),
    });
    const { container } = await renderRoutes(routes, '/admin/tests/test1/stats');
    await waitFor(() => expect(rowNumbers(container)).toEqual(['1', '2', '3']));
    const heading = (name: string) => [...container.querySelectorAll('th[aria-sort]')].find((th) => text(th) === name)!;
    expect(heading('No.').getAttribute('aria-sort')).toBe('ascending');

    click(getButton(container, 'Discrimination'));
    expect(rowNumbers(container)).toEqual(['2', '1', '3']);
    expect(heading('Discrimination').getAttribute('aria-sort')).toBe('ascending');
    expect(heading('No.').getAttribute('aria-sort')).toBe('none');
    click(getButton(container, 'Discrimination'));
    // Highest first; a figure that could not be computed stays last.
    expect(rowNumbers(container)).toEqual(['1', '2', '3']);
    expect(heading('Discrimination').getAttribute('aria-sort')).toBe('descending');

    click(getButton(container, 'Facility'));
    expect(rowNumbers(container)).toEqual(['2', '1', '3']);
    click(getButton(container, 'Flags'));
    expect(rowNumbers(container)[0]).toBe('2');
    click(getButton(container, 'Efficiency'));
    expect(rowNumbers(container)).toEqual(['2', '1', '3']);
    click(getButton(container, 'SD'));
    expect(heading('SD').getAttribute('aria-sort')).toBe('ascending');
  });

  it('opens a question to show how often each option was chosen, as bars that read out their figures', async () => {
    fakeApi({
      'GET /api/admin/tests/test1': () => ({ body: { data: adminTest() } }),
      'GET /api/admin/tests/test1/item-stats': () => ({ body: { data: itemStats(questions) } }),
    });
    const { container } = await renderRoutes(routes, '/admin/tests/test1/stats');
    const open = await waitFor(() => getButton(container, 'Options chosen for question 2'));
    expect(open.getAttribute('aria-expanded')).toBe('false');
    click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(open.getAttribute('aria-controls')!)!;
    expect(text(details.querySelector('caption'))).toBe('How often each option of question 2 was chosen');
    const options = [...details.querySelectorAll('tbody tr')].map((tr) => ({
      option: text(tr.querySelector('th')),
      meter: tr.querySelector('[role="meter"]')?.getAttribute('aria-valuetext'),
      upper: text(tr.querySelectorAll('td')[1]),
      lower: text(tr.querySelectorAll('td')[2]),
    }));
    expect([...details.querySelectorAll('thead th')].map(text)).toEqual(['Option', 'Chosen by', 'Top third', 'Bottom third']);
    // The key draws fewer of the top third than C does, and the bottom third spreads out.
    expect(options).toEqual([
      { option: 'A. Godavari Correct answer', meter: '8 of 30 candidates, 26.7%', upper: '2', lower: '1' },
      { option: 'B. Yamuna', meter: '4 of 30 candidates, 13.3%', upper: '1', lower: '5' },
      { option: 'C. Ganga Chosen by the top third more than the key', meter: '16 of 30 candidates, 53.3%', upper: '7', lower: '2' },
      { option: 'D. Narmada', meter: '2 of 30 candidates, 6.7%', upper: '0', lower: '2' },
      { option: 'No answer', meter: '0 of 30 candidates, 0.0%', upper: '—', lower: '—' },
    ]);
    expect(details.querySelector('[role="meter"]')?.getAttribute('aria-label')).toBe('Chosen by A');
    expect(details.textContent).toContain('The top third are the candidates with the highest total scores (10), the bottom third those with the lowest (10).');
    click(open);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(container.textContent).not.toContain('How often each option of question 2 was chosen');
  });

  it('leaves the thirds out of a question too few candidates met', async () => {
    const few = itemStatsQuestion({ attempts: 2, upperGroupSize: 0, lowerGroupSize: 0 });
    fakeApi({
      'GET /api/admin/tests/test1': () => ({ body: { data: adminTest() } }),
      'GET /api/admin/tests/test1/item-stats': () => ({ body: { data: itemStats([few]) } }),
    });
    const { container } = await renderRoutes(routes, '/admin/tests/test1/stats');
    const open = await waitFor(() => getButton(container, 'Options chosen for question 1'));
    click(open);
    const details = document.getElementById(open.getAttribute('aria-controls')!)!;
    const thirds = [...details.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(1).map(text));
    expect(thirds.every((cells) => cells.join() === '—,—')).toBe(true);
    expect(details.textContent).toContain('Too few candidates met this question to compare the top and the bottom third.');
  });

  it('below 20 first attempts, says so with the server’s words and how many there are', async () => {
    const message = 'Not enough attempts yet: item statistics need 20 submitted first attempts, and this test has 12';
    fakeApi({
      'GET /api/admin/tests/test1': () => ({ body: { data: adminTest() } }),
      'GET /api/admin/tests/test1/item-stats': () => ({ body: { data: { status: 'notEnoughAttempts', attempts: 12, minimumAttempts: 20, message } } }),
    });
    const { container } = await renderRoutes(routes, '/admin/tests/test1/stats');
    await waitFor(() => expect(container.textContent).toContain(message));
    expect(container.textContent).toContain('12 of 20 first attempts so far');
    const bar = container.querySelector('[role="progressbar"]');
    expect([bar?.getAttribute('aria-valuenow'), bar?.getAttribute('aria-valuemax'), bar?.getAttribute('aria-valuetext')]).toEqual(['12', '20', '12 of 20 first attempts so far']);
    expect(container.querySelector('table')).toBeNull();
  });

  it('says when the test does not exist, with nothing to retry', async () => {
    fakeApi({
      'GET /api/admin/tests/gone': () => apiError(404, 'NOT_FOUND', 'Test not found'),
      'GET /api/admin/tests/gone/item-stats': () => apiError(404, 'NOT_FOUND', 'Test not found'),
    });
    const { container } = await renderRoutes(routes, '/admin/tests/gone/stats');
    await waitFor(() => expect(text(container.querySelector('[role="alert"]'))).toBe('Test not found'));
    expect(container.querySelector('[role="alert"] button')).toBeNull();
    expect(container.querySelector('a[href="/admin/tests/gone/edit"]')).not.toBeNull();
  });
});
