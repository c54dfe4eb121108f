import { APP, type TestDetail } from '@abhyas/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n';
import { apiError, fakeApi } from '@/testing/fake-api';
import { timedAttempt } from '@/testing/fake-exam';
import { user } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, waitFor } from '@/testing/render';
import { TestPage } from './test-page';
import { TestsPage } from './tests-page';

const routes = [
  { path: '/tests', Component: TestsPage },
  { path: '/tests/:slug', Component: TestPage },
  { path: '/attempts/:id', Component: () => <h1>Exam screen</h1> },
];

function detail(overrides: Partial<TestDetail> = {}): TestDetail {
  return {
    id: 't1',
    slug: 'banking-prelims',
    title: 'Banking prelims',
    description: 'Three locked sections.',
    exam: 'IBPS',
    languages: ['en'],
    durationMinutes: 60,
    questionCount: 100,
    maxScore: 100,
    sectionCount: 3,
    lockedSections: true,
    attemptsAllowed: 2,
    publishedAt: '2026-11-20T00:00:00.000Z',
    instructionsHtml: '<p>Use a rough sheet.</p>',
    sections: [
      { id: 's1', title: 'English', marks: 1, negativeMarks: 0.25, timeLimitMinutes: 20, questionCount: 30, language: null },
      { id: 's2', title: 'Quantitative Aptitude', marks: 1, negativeMarks: 0.25, timeLimitMinutes: 20, questionCount: 35, language: null },
      { id: 's3', title: 'Reasoning', marks: 1, negativeMarks: 0.25, timeLimitMinutes: 20, questionCount: 35, language: null },
    ],
    markedAnsweredCounts: true,
    revealMode: 'submission',
    revealAt: null,
    graceSeconds: 60,
    shuffleQuestions: true,
    shuffleOptions: true,
    myAttempts: { count: 0, openAttemptId: null },
    ...overrides,
  };
}

let page: Awaited<ReturnType<typeof renderRoutes>>;
afterEach(cleanUpPages);

const signIn = () => localStorage.setItem(APP.authTokenKey, 'token');

describe('the tests list', () => {
  it('lists the published tests with their size', async () => {
    fakeApi({ 'GET /api/tests': () => ({ body: { data: [detail()] } }) });
    page = await renderRoutes(routes, '/tests');
    await waitFor(() => expect(page.container.querySelector('article h2')?.textContent).toBe('Banking prelims'));
    const card = page.container.querySelector('article')?.textContent ?? '';
    expect(card).toContain('100 questions');
    expect(card).toContain('60 min');
    expect(card).toContain('Locked sections');
    expect(page.container.querySelector('article a')?.getAttribute('href')).toBe('/tests/banking-prelims');
    expect(card).not.toContain('हिन्दी');
  });

  it('marks a test offered in English and Hindi', async () => {
    fakeApi({ 'GET /api/tests': () => ({ body: { data: [detail({ languages: ['en', 'hi'] })] } }) });
    page = await renderRoutes(routes, '/tests');
    await waitFor(() => expect(page.container.querySelector('article h2')?.textContent).toBe('Banking prelims'));
    const mark = [...page.container.querySelectorAll('article span')].find((s) => s.textContent === 'Languages: English · हिन्दी');
    expect(mark).toBeDefined();
    expect(mark?.querySelector('[lang="hi"]')?.textContent).toBe('हिन्दी');
  });
});

describe('a test’s instructions', () => {
  it('explains marking, locked sections, the palette and the keys', async () => {
    signIn();
    fakeApi({ 'GET /api/tests/banking-prelims': () => ({ body: { data: detail() } }) });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Banking prelims'));
    const text = page.container.textContent ?? '';
    const rows = [...page.container.querySelectorAll('table tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows[0]).toEqual(['1. English', '30', '+1', '−0.25', '20 min']);
    expect(text).toContain('The sections are locked');
    expect(text).toContain('Use a rough sheet.');
    for (const state of ['Not visited', 'Not answered', 'Answered', 'Marked for review', 'Answered and marked for review']) expect(text).toContain(state);
    for (const key of ['Save & Next', 'Mark for Review & Next', 'Clear Response', 'Confidence: guess']) expect(text).toContain(key);
    expect([...page.container.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(expect.arrayContaining(['1', '6', 'S', 'M', 'C', 'P', 'U', 'F', 'G', 'Q', '?']));
    expect(text).toContain('You have started 0 of the 2 attempts allowed.');
  });

  it('starts only after "I have read the instructions", from this device, and opens the exam screen', async () => {
    signIn();
    const net = fakeApi({
      'GET /api/tests/banking-prelims': () => ({ body: { data: detail() } }),
      'POST /api/tests/banking-prelims/attempts': () => ({ status: 201, body: { data: timedAttempt({ id: 'a9' }), serverTime: new Date().toISOString() } }),
    });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => getButton(page.container, 'Start the test'));
    expect(getButton(page.container, 'Start the test').disabled).toBe(true);

    click(getByLabel(page.container, 'I have read the instructions'));
    click(getButton(page.container, 'Start the test'));
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Exam screen'));
    expect(page.router.state.location.pathname).toBe('/attempts/a9');
    const [start] = net.calls('POST /api/tests/banking-prelims/attempts');
    expect(start?.headers['x-device-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(start?.headers['x-device-id']).toBe(localStorage.getItem('abhyasDeviceId'));
  });

  it('lets the candidate choose the default language of a test in two, preselected from the site’s, and starts in it', async () => {
    signIn();
    const net = fakeApi({
      'GET /api/tests/banking-prelims': () => ({ body: { data: detail({ languages: ['en', 'hi'] }) } }),
      'POST /api/tests/banking-prelims/attempts': () => ({ status: 201, body: { data: timedAttempt({ id: 'a9' }), serverTime: new Date().toISOString() } }),
    });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => getButton(page.container, 'Start the test'));
    const legend = [...page.container.querySelectorAll('legend')].find((l) => l.textContent === 'Choose your default language');
    const choices = [...(legend?.parentElement?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])];
    expect(choices.map((c) => [c.value, c.checked])).toEqual([
      ['en', true],
      ['hi', false],
    ]);
    click(getByLabel(page.container, 'हिन्दी'));
    click(getByLabel(page.container, 'I have read the instructions'));
    click(getButton(page.container, 'Start the test'));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/attempts/a9'));
    expect(net.calls('POST /api/tests/banking-prelims/attempts')[0]?.body).toEqual({ language: 'hi' });
  });

  it('says which section of a test in two languages is in one of them only', async () => {
    const [english, ...others] = detail().sections;
    const sections = [{ ...english!, language: 'en' as const }, ...others];
    const rowsOf = async (languages: ('en' | 'hi')[]) => {
      cleanUpPages();
      fakeApi({ 'GET /api/tests/banking-prelims': () => ({ body: { data: detail({ languages, sections }) } }) });
      page = await renderRoutes(routes, '/tests/banking-prelims');
      await waitFor(() => expect(page.container.querySelector('table tbody tr')).not.toBeNull());
      return [...page.container.querySelectorAll('table tbody th')].map((th) => th.textContent);
    };
    expect(await rowsOf(['en', 'hi'])).toEqual(['1. EnglishIn English only', '2. Quantitative Aptitude', '3. Reasoning']);
    // In a test in English alone there is nothing to say.
    expect(await rowsOf(['en'])).toEqual(['1. English', '2. Quantitative Aptitude', '3. Reasoning']);
  });

  it('preselects Hindi for a candidate reading the site in Hindi, and asks nothing of a test in one language', async () => {
    signIn();
    await setLocale('hi');
    try {
      fakeApi({ 'GET /api/tests/banking-prelims': () => ({ body: { data: detail({ languages: ['en', 'hi'] }) } }) });
      page = await renderRoutes(routes, '/tests/banking-prelims');
      await waitFor(() => expect(page.container.querySelector('legend')?.textContent).toBe('अपनी डिफ़ॉल्ट भाषा चुनें'));
      expect(page.container.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value).toBe('hi');
    } finally {
      await setLocale('en');
    }
    cleanUpPages();
    signIn();
    fakeApi({ 'GET /api/tests/banking-prelims': () => ({ body: { data: detail() } }) });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => getButton(page.container, 'Start the test'));
    expect(page.container.querySelector('input[type="radio"]')).toBeNull();
  });

  it('offers Resume for an open attempt', async () => {
    signIn();
    fakeApi({ 'GET /api/tests/banking-prelims': () => ({ body: { data: detail({ myAttempts: { count: 1, openAttemptId: 'a7' } }) } }) });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => expect(page.container.querySelector('a[href="/attempts/a7"]')?.textContent).toBe('Resume'));
    expect(page.container.textContent).not.toContain('I have read the instructions');
  });

  it('says the server is busy while a start refused as busy is sent again by itself, then opens the exam screen', async () => {
    signIn();
    let refusals = 1;
    const net = fakeApi({
      'GET /api/tests/banking-prelims': () => ({ body: { data: detail() } }),
      'POST /api/tests/banking-prelims/attempts': () =>
        refusals-- > 0
          ? { ...apiError(503, 'SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a few seconds.'), headers: { 'retry-after': '1' } }
          : { status: 201, body: { data: timedAttempt({ id: 'a9' }), serverTime: new Date().toISOString() } },
    });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => getButton(page.container, 'Start the test'));
    click(getByLabel(page.container, 'I have read the instructions'));
    click(getButton(page.container, 'Start the test'));
    await waitFor(() => expect(page.container.textContent).toContain('Many candidates are starting at this moment. Trying again in a few seconds…'));
    await waitFor(() => expect(page.container.querySelector('h1')?.textContent).toBe('Exam screen'), 5000);
    expect(net.calls('POST /api/tests/banking-prelims/attempts')).toHaveLength(2);
  });

  it('shows the server’s refusal when no attempt is left', async () => {
    signIn();
    fakeApi({
      'GET /api/tests/banking-prelims': () => ({ body: { data: detail() } }),
      'POST /api/tests/banking-prelims/attempts': () => apiError(409, 'ATTEMPTS_EXHAUSTED', 'You have used all 2 attempts of this test'),
    });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => getButton(page.container, 'Start the test'));
    click(getByLabel(page.container, 'I have read the instructions'));
    click(getButton(page.container, 'Start the test'));
    await waitFor(() => expect(alerts(page.container)).toEqual(['You have used all 2 attempts of this test']));
    expect(page.router.state.location.pathname).toBe('/tests/banking-prelims');
  });

  it('tells a candidate with compensatory time their time in all, and each locked section’s', async () => {
    signIn();
    fakeApi({
      'GET /api/tests/banking-prelims': () => ({ body: { data: detail() } }),
      'GET /api/users/profile': () => ({ body: { user: user({ extraMinutesPerHour: 20 }) } }),
    });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => expect(page.container.textContent).toContain('Your compensatory time'));
    const text = page.container.textContent ?? '';
    expect(text).toContain('You have 20 extra minutes for every hour of this test: 80 minutes in all, instead of 60 minutes.');
    expect(text).toContain('Each section’s time grows in the same proportion:');
    expect(text).toContain('English: 26 minutes 40 seconds');
    expect(text).toContain('Reasoning: 26 minutes 40 seconds');
    expect(text).toContain('The clock on the exam screen already counts it in.');
  });

  it('says a free-moving test’s whole time with compensatory time, to the second', async () => {
    signIn();
    const sections = [{ id: 's1', title: 'General Awareness', marks: 1, negativeMarks: 0.25, timeLimitMinutes: null, questionCount: 50, language: null }];
    fakeApi({
      'GET /api/tests/banking-prelims': () => ({ body: { data: detail({ durationMinutes: 45, lockedSections: false, sectionCount: 1, sections }) } }),
      'GET /api/users/profile': () => ({ body: { user: user({ extraMinutesPerHour: 25 }) } }),
    });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => expect(page.container.textContent).toContain('Your compensatory time'));
    const text = page.container.textContent ?? '';
    expect(text).toContain('You have 25 extra minutes for every hour of this test: 63 minutes 45 seconds in all, instead of 45 minutes.');
    expect(text).toContain('You may move between sections freely for the whole 63 minutes 45 seconds.');
    expect(text).not.toContain('Each section’s time grows');
  });

  it('says nothing of compensatory time to a candidate without it', async () => {
    signIn();
    fakeApi({
      'GET /api/tests/banking-prelims': () => ({ body: { data: detail({ lockedSections: false }) } }),
      'GET /api/users/profile': () => ({ body: { user: user() } }),
    });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => expect(page.container.textContent).toContain('You may move between sections freely during the 60 minutes.'));
    expect(page.container.textContent).not.toContain('compensatory');
  });

  it('asks a visitor to sign in first, coming back here', async () => {
    fakeApi({ 'GET /api/tests/banking-prelims': () => ({ body: { data: detail({ myAttempts: null }) } }) });
    page = await renderRoutes(routes, '/tests/banking-prelims');
    await waitFor(() => expect(page.container.querySelector('a[href="/login?next=/tests/banking-prelims"]')?.textContent).toBe('Sign in to start'));
  });
});
