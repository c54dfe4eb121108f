import { APP, type ReviewQuestion } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { attemptResult } from '@/testing/fake-exam';
import { cleanUpPages, click, getButton, renderRoutes, waitFor } from '@/testing/render';
import { ResultPage } from './result-page';

const routes = [
  { path: '/attempts/:id/result', Component: ResultPage },
  { path: '/practice/:id', Component: () => <h1>Practice session</h1> },
];

const level = (name: 'sure' | 'fifty' | 'guess' | 'none', answered: number, gained: number, lost: number) => ({
  level: name,
  answered,
  correct: 0,
  wrong: 0,
  marksGained: gained,
  marksLost: lost,
  net: gained - lost,
});

function reviewQuestion(questionId: string, outcome: ReviewQuestion['outcome']): ReviewQuestion {
  return {
    questionId,
    number: Number(questionId.slice(1)),
    sectionId: 's1',
    type: 'single',
    language: 'en',
    stemHtml: '<p>Stem</p>',
    options: [
      { id: 'A', html: '<p>One</p>', correct: true },
      { id: 'B', html: '<p>Two</p>', correct: false },
    ],
    optionIds: outcome === 'unattempted' ? [] : outcome === 'correct' ? ['A'] : ['B'],
    correctOptionIds: ['A'],
    isCorrect: outcome === 'correct',
    outcome,
    mark: outcome === 'correct' ? 2 : outcome === 'wrong' ? -0.5 : 0,
    confidence: null,
    markedForReview: false,
    timeSpentSeconds: 40,
    explanationHtml: '<p>Because.</p>',
    translation: null,
    topic: null,
    shareCorrect: 0.5,
    averageCorrectSeconds: 35,
    version: 1,
    keyDecision: null,
    bookmarked: false,
  };
}

let page: Awaited<ReturnType<typeof renderRoutes>>;
beforeEach(() => localStorage.setItem(APP.authTokenKey, 'token'));
afterEach(cleanUpPages);

/** What a screen reader says for an element: its text without what is hidden from it. */
function spoken(element: Element | null | undefined): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').replace(/ ,/g, ',').trim();
}

/** The section table, from `lg` up: each section's row as its column headings to its cells. */
function tableFacts(scope: ParentNode): Record<string, Record<string, string>> {
  const table = scope.querySelector('section[aria-labelledby="sections"] table')!;
  const headings = [...table.querySelectorAll('thead th')].map(spoken);
  return Object.fromEntries(
    [...table.querySelectorAll('tbody tr')].map((tr) => {
      const cells = [...tr.querySelectorAll('td')];
      const facts = cells.length === 1 ? { note: spoken(cells[0]) } : Object.fromEntries(cells.map((td, i) => [headings[i + 1]!, spoken(td)]));
      return [spoken(tr.querySelector('th[scope="row"]')), facts];
    }),
  );
}

/** The section cards, below `lg`: each card's heading to its named figures. */
function cardFacts(scope: ParentNode): Record<string, Record<string, string>> {
  const cards = [...scope.querySelectorAll('section[aria-labelledby="sections"] ul > li')];
  return Object.fromEntries(
    cards.map((li) => {
      const figures = [...li.querySelectorAll('dl > div')];
      const facts = figures.length === 0 ? { note: spoken(li.querySelector('p')) } : Object.fromEntries(figures.map((d) => [spoken(d.querySelector('dt')), spoken(d.querySelector('dd'))]));
      return [spoken(li.querySelector('h3')), facts];
    }),
  );
}

const report = () => page.container.querySelector('[data-testid="guessing-report"]')?.textContent;

describe('the result', () => {
  it('shows score, rank, percentile and the figures', async () => {
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ reviewAvailable: false, revealAt: '2026-12-01T00:00:00.000Z' }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Daily quiz'));
    const text = page.container.textContent ?? '';
    expect(text).toContain('31.5out of 50');
    expect(text).toContain('12 of 340');
    expect(text).toContain('96.4705882');
    // Beside the top score and the average of the paper's ranked candidates.
    expect(text).toContain('Topper48.5');
    expect(text).toContain('Average27.25');
    // The server's clock from the start to the submission, not the sum of the device's per-question times.
    expect(text).toContain('Time taken27 min 0 s');
    expect(text).not.toContain('The percentile is shown once');
    expect(text).toContain('Marks lost2.5');
    expect(text).toContain('Answers and explanations are shown from 1 Dec 2026.');
    expect(page.container.querySelector('a[href="/attempts/a1/review"]')).toBeNull();
  });

  it('sets the score beside the test’s cut-off in neutral words, above or below', async () => {
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ score: 128, maxScore: 200, cutOff: 120, reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    const score = await waitFor(() => {
      const found = page.container.querySelector('section[aria-label="Score"]');
      expect(found?.textContent).toContain('128out of 200');
      return found!;
    });
    expect(score.textContent).toContain('Cut-off 120 · you are 8 marks above');
    cleanUpPages();

    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ score: 115.5, cutOff: 120, reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.textContent).toContain('Cut-off 120 · you are 4.5 marks below'));
  });

  it('names no cut-off when the test declares none', async () => {
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.textContent).toContain('31.5out of 50'));
    expect(page.container.textContent).not.toContain('Cut-off');
  });

  it('sets each section’s score beside the topper’s, the average and its cut-off, the same facts in the table and the phone’s cards', async () => {
    const base = attemptResult().sections[0]!;
    const sections = [
      { ...base, sectionId: 's1', title: 'Reasoning', score: 41.5, maxScore: 50, comparison: { topper: 48, average: 27.25 }, cutOff: 30 },
      { ...base, sectionId: 's2', title: 'General Awareness', score: 22, maxScore: 50, accuracy: null, comparison: { topper: 44.5, average: 21.75 }, cutOff: 26.5 },
      { ...base, sectionId: 's3', title: 'Quant', score: 20, maxScore: 50, comparison: { topper: 46, average: 24.5 }, cutOff: null },
      { ...base, sectionId: 's4', title: 'English', reached: false, unattempted: 20, correct: 0, wrong: 0, score: 0, comparison: { topper: 47, average: 25 }, cutOff: null },
    ];
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ sections, notReached: { sections: 1, questions: 20 }, reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.querySelector('section[aria-labelledby="sections"] table')).not.toBeNull());

    const facts = tableFacts(page.container);
    expect(facts).toEqual({
      Reasoning: { Score: '41.5 / 50', Topper: '48', Average: '27.25', 'Cut-off': '30, you are 11.5 marks above', Correct: '18', Wrong: '5', Unattempted: '2', Accuracy: '78.26%', 'Time taken': '25 min 10 s' },
      'General Awareness': { Score: '22 / 50', Topper: '44.5', Average: '21.75', 'Cut-off': '26.5, you are 4.5 marks below', Correct: '18', Wrong: '5', Unattempted: '2', Accuracy: '—', 'Time taken': '25 min 10 s' },
      Quant: { Score: '20 / 50', Topper: '46', Average: '24.5', 'Cut-off': '—', Correct: '18', Wrong: '5', Unattempted: '2', Accuracy: '78.26%', 'Time taken': '25 min 10 s' },
      English: { note: 'Not reached (20 questions)' },
    });
    expect(cardFacts(page.container)).toEqual(facts);

    // The table says the gap short on screen; a section heading names each row and each column.
    const table = page.container.querySelector('section[aria-labelledby="sections"] table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Your figures in each section');
    expect(table.querySelectorAll('thead th[scope="col"]')).toHaveLength(10);
    expect([...table.querySelectorAll('td [aria-hidden="true"]')].map((e) => e.textContent)).toEqual(['11.5 above', '4.5 below']);
    expect(table.closest('[role="region"]')?.getAttribute('tabindex')).toBe('0');
  });

  it('leaves out the comparison and cut-off columns when no section has them', async () => {
    const base = attemptResult().sections[0]!;
    const sections = [
      { ...base, sectionId: 's1', title: 'Reasoning', comparison: null, cutOff: null },
      { ...base, sectionId: 's2', title: 'Quant', comparison: null, cutOff: null },
    ];
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ sections, ranked: false, rank: null, percentile: null, comparison: null, reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.querySelector('section[aria-labelledby="sections"] table')).not.toBeNull());
    expect(Object.keys(tableFacts(page.container).Reasoning!)).toEqual(['Score', 'Correct', 'Wrong', 'Unattempted', 'Accuracy', 'Time taken']);
    expect(cardFacts(page.container)).toEqual(tableFacts(page.container));
  });

  it('shows a rank among the few who took the paper, and says when the percentile will come', async () => {
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ rank: 1, candidates: 1, percentile: null, percentileFrom: 30, provisional: true }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.textContent).toContain('1 of 1'));
    expect(page.container.textContent).toContain('Provisional: your rank may change until the contest ends, and your score until the answer key is final.');
    expect(page.container.textContent).toContain('The percentile is shown once 30 candidates have taken this test (1 so far).');
  });

  it('says which sections were not reached, and that strengths and weaknesses leave them out', async () => {
    const base = attemptResult();
    const sections = [base.sections[0]!, { ...base.sections[0]!, sectionId: 's2', title: 'Quant', reached: false, unattempted: 20, correct: 0, wrong: 0, score: 0 }];
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ sections, notReached: { sections: 1, questions: 20 }, topics: [{ kind: 'category', name: 'SSC/Reasoning', slug: null, score: 8, maxScore: 10, correct: 4, wrong: 0, partial: 0, unattempted: 1, accuracy: 100, marksLost: 0, timeSpentSeconds: 60 }] }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.textContent).toContain('Not reached (20 questions)'));
    expect(page.container.textContent).toContain('Sections not reached before submitting: 1 (20 questions). Strengths and weaknesses cover only the sections you reached.');
  });

  it('says an unranked re-attempt is unranked', async () => {
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ ranked: false, rank: null, percentile: null, attemptNumber: 2, reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(page.container.textContent).toContain('Unranked re-attempt (attempt 2): only first attempts are ranked.'));
    expect(page.container.textContent).not.toContain('Percentile');
  });

  it('tells what guessing cost and what 50-50s paid, in words and in a table', async () => {
    const confidence = [level('sure', 10, 20, 0), level('fifty', 4, 6, 2), level('guess', 9, 4, 7.5), level('none', 2, 2, 0)];
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ confidence, reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(report()).toBe('Your guesses cost you 3.5 marks; your 50-50s paid +4; your sure answers paid +20.'));
    const rows = [...page.container.querySelectorAll('table')[0]!.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows.map((r) => [r[0], r[6]])).toEqual([
      ['Sure', '+20'],
      ['50-50', '+4'],
      ['Guess', '−3.5'],
      ['Not said', '+2'],
    ]);
    // Nothing lost reads as 0, not as a loss of zero.
    expect(rows.map((r) => [r[4], r[5]])).toEqual([
      ['+20', '0'],
      ['+6', '−2'],
      ['+4', '−7.5'],
      ['+2', '0'],
    ]);
  });

  it('speaks of one mark and of breaking even', async () => {
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ confidence: [level('guess', 3, 1, 2), level('fifty', 2, 1, 1)], reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(report()).toBe('Your guesses cost you 1 mark; your 50-50s broke even.'));
  });

  it('invites the candidate to say how sure they are when no answer said it', async () => {
    fakeApi({ 'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult({ confidence: [level('none', 20, 30, 2)], reviewAvailable: false }) } }) });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => expect(report()).toMatch(/^You did not say how sure you were/));
  });

  it('re-attempts the wrong answers as a practice session', async () => {
    const net = fakeApi({
      'GET /api/attempts/a1/result': () => ({ body: { data: attemptResult() } }),
      'GET /api/attempts/a1/review': () => ({ body: { data: { questions: [reviewQuestion('q1', 'correct'), reviewQuestion('q2', 'wrong'), reviewQuestion('q3', 'unattempted'), reviewQuestion('q4', 'wrong')] } } }),
      'POST /api/practice/sessions': () => ({
        status: 201,
        body: { data: { id: 'p5', source: 'bank', label: 'Wrong answers', status: 'open', startedAt: '2026-11-24T10:00:00.000Z', questions: [], position: 0, correct: 0, answered: 0 } },
      }),
    });
    page = await renderRoutes(routes, '/attempts/a1/result');
    await waitFor(() => getButton(page.container, 'Re-attempt my 2 wrong answers'));
    expect(page.container.querySelector('a[href="/attempts/a1/review"]')?.textContent).toBe('Review answers');
    click(getButton(page.container, 'Re-attempt my 2 wrong answers'));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/practice/p5'));
    expect(net.calls('POST /api/practice/sessions')[0]?.body).toEqual({ source: 'bank', count: 5, questionIds: ['q2', 'q4'] });
  });
});
