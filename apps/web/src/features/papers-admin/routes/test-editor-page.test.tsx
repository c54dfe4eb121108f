import { APP, type TestInput, type TestPreview } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi, type FakeHandler } from '@/testing/fake-api';
import { adminQuestion, adminTest, adminTopic } from '@/testing/fixtures';
import { alerts, cleanUpPages, click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { TestEditorPage } from './test-editor-page';

const routes = [
  { path: '/admin/tests/new', Component: TestEditorPage },
  { path: '/admin/tests/:id/edit', Component: TestEditorPage },
];

const topics = [adminTopic({ id: 't1', slug: 'syllogism', title: 'Syllogism' })];
const bank = [
  adminQuestion({ id: 'q1', stem: 'All cats are animals. Conclusion?', stemHtml: '<p>All cats are animals. Conclusion?</p>', status: 'published', categoryPath: 'SSC/Reasoning' }),
  adminQuestion({ id: 'q2', stem: 'Find the odd one out', stemHtml: '<p>Find the odd one out</p>', status: 'published', categoryPath: 'SSC/Reasoning' }),
  adminQuestion({ id: 'q3', stem: 'Next in the series 2, 4, 8', stemHtml: '<p>Next in the series 2, 4, 8</p>', status: 'published', categoryPath: 'SSC/Reasoning' }),
];

const preview: TestPreview = {
  seed: 'x',
  id: 'test1',
  title: 'Weekly mock',
  durationMinutes: 20,
  lockedSections: false,
  maxScore: 4,
  sections: [{ id: 's1', title: 'Reasoning', marks: 2, negativeMarks: 0.5, timeLimitMinutes: null, questionCount: 2 }],
  questions: [
    { questionId: 'q1', number: 1, sectionId: 's1', type: 'single', language: 'en', translation: null, stemHtml: '<p>All cats are animals. Conclusion?</p>', options: [{ id: 'A', html: '<p>Some animals are cats</p>' }, { id: 'B', html: '<p>No cat is an animal</p>' }] },
    { questionId: 'q2', number: 2, sectionId: 's1', type: 'single', language: 'en', translation: null, stemHtml: '<p>Find the odd one out</p>', options: [{ id: 'A', html: '<p>Apple</p>' }, { id: 'B', html: '<p>Carrot</p>' }] },
  ],
};

function api(overrides: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/admin/topics': () => ({ body: { data: topics } }),
    'GET /api/practice/choices': () => ({ body: { data: { categories: [{ path: 'SSC', count: 5 }, { path: 'SSC/Reasoning', count: 3 }], topics: [], total: 5 } } }),
    'POST /api/admin/preview': ({ body }) => ({ body: { html: `<p>${(body as { content: string }).content}</p>` } }),
    'GET /api/admin/questions': () => ({ body: { data: bank, total: bank.length, page: 1, pageSize: 10 } }),
    'POST /api/admin/tests': ({ body }) => ({ status: 201, body: { data: adminTest({ id: 'new-test', title: (body as TestInput).title }) } }),
    'GET /api/admin/tests/test1': () => ({ body: { data: adminTest() } }),
    'GET /api/admin/tests/new-test': () => ({ body: { data: adminTest({ id: 'new-test' }) } }),
    'GET /api/admin/tests/test1/preview': ({ query }) => ({ body: { data: { ...preview, seed: query.get('seed') } } }),
    'GET /api/admin/tests/new-test/preview': ({ query }) => ({ body: { data: { ...preview, seed: query.get('seed') } } }),
    ...overrides,
  });
}

const sections = (scope: ParentNode) => [...scope.querySelectorAll<HTMLElement>('section[aria-labelledby^="section-"]')];
const radio = (scope: ParentNode, text: string) => {
  const label = [...scope.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  const input = label?.querySelector('input');
  if (!input) throw new Error(`No radio "${text}"`);
  return input;
};
const settings = (scope: ParentNode) => [...scope.querySelectorAll('fieldset')].find((f) => f.querySelector('legend')?.textContent === 'Settings')!;
const summary = (scope: ParentNode) => scope.querySelector('section[aria-labelledby="test-summary-heading"]')?.textContent ?? '';

beforeEach(() => localStorage.setItem(APP.authTokenKey, 'editor-token'));
afterEach(cleanUpPages);

describe('new test page', () => {
  it('checks the form before sending anything, on the fields concerned', async () => {
    const net = api();
    const page = await renderRoutes(routes, '/admin/tests/new');
    click(getButton(page.container, 'Save'));
    await waitFor(() => expect(page.container.textContent).toContain('Enter a title'));
    expect(getByLabel(page.container, 'Title').getAttribute('aria-invalid')).toBe('true');
    expect(page.container.textContent).toContain('Add questions to the section or a blueprint to draw them');
    expect(net.calls('POST /api/admin/tests')).toHaveLength(0);
  });

  it('builds a test from picked questions and a blueprint, with a live summary, and saves it', async () => {
    const net = api();
    const page = await renderRoutes(routes, '/admin/tests/new');
    const { container } = page;
    typeInto(getByLabel(container, 'Title'), 'Weekly mock');
    typeInto(getByLabel<HTMLTextAreaElement>(container, 'Instructions (Markdown)'), 'Each right answer earns 2 marks.');
    typeInto(getByLabel(container, 'Duration (minutes)'), '30');
    typeInto(getByLabel(settings(container), 'Cut-off'), '6.5');

    const [first] = sections(container);
    typeInto(getByLabel(first!, 'Section title'), 'Reasoning');
    typeInto(getByLabel(first!, 'Marks for a right answer'), '2');
    typeInto(getByLabel(first!, 'Negative marks for a wrong one'), '0.5');
    typeInto(getByLabel(first!, 'Cut-off'), '2');
    await waitFor(() => expect(first!.textContent).toContain('Find the odd one out'));
    const boxes = [...first!.querySelectorAll<HTMLInputElement>('li input[type="checkbox"]')];
    click(boxes[1]!);
    click(boxes[0]!);
    expect(first!.textContent).toContain('Questions chosen: 2');
    // Chosen in the order ticked; the editor moves the first one down.
    click(getButton(first!, /Move question 1 down/));

    click(getButton(container, '+Add section'));
    const second = sections(container)[1]!;
    typeInto(getByLabel(second, 'Section title'), 'Quant');
    click(radio(second, 'Draw from a blueprint'));
    typeInto(getByLabel(second, 'Category'), 'SSC/Quant');
    typeInto(getByLabel(second, 'Questions to draw'), '5');

    await waitFor(() => expect(summary(container)).toContain('Questions7'));
    expect(summary(container)).toContain('Maximum score9');
    expect(summary(container)).toContain('Duration30 min');

    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('POST /api/admin/tests')).toHaveLength(1));
    expect(net.calls('POST /api/admin/tests')[0]!.body).toMatchObject({
      title: 'Weekly mock',
      durationMinutes: 30,
      instructions: 'Each right answer earns 2 marks.',
      cutOff: 6.5,
      sections: [
        { title: 'Reasoning', marks: 2, negativeMarks: 0.5, timeLimitMinutes: null, cutOff: 2, questionIds: ['q1', 'q2'], rules: [] },
        { title: 'Quant', marks: 1, negativeMarks: 0, cutOff: null, questionIds: [], rules: [{ category: 'SSC/Quant', count: 5 }] },
      ],
    });
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/admin/tests/new-test/edit'));
  });

  it('shows the server’s refusal on the field it names and moves focus there', async () => {
    const message = 'The blueprint of section 1 “Quant”, rule 1 (category SSC/Quant) needs 50 questions; the bank has 12 published questions matching it';
    api({ 'POST /api/admin/tests': () => apiError(400, 'VALIDATION_FAILED', message, [{ field: 'sections.0.rules.0.count', message }]) });
    const page = await renderRoutes(routes, '/admin/tests/new');
    const { container } = page;
    typeInto(getByLabel(container, 'Title'), 'Too big');
    const [first] = sections(container);
    typeInto(getByLabel(first!, 'Section title'), 'Quant');
    click(radio(first!, 'Draw from a blueprint'));
    typeInto(getByLabel(first!, 'Category'), 'SSC/Quant');
    typeInto(getByLabel(first!, 'Questions to draw'), '50');
    click(getButton(container, 'Save'));

    const count = getByLabel(first!, 'Questions to draw');
    await waitFor(() => expect(count.getAttribute('aria-invalid')).toBe('true'));
    expect(first!.textContent).toContain('needs 50 questions; the bank has 12 published questions matching it');
    await waitFor(() => expect(document.activeElement).toBe(count));
    expect(alerts(container).join(' ')).toContain('needs 50 questions');
  });
});

describe('cut-offs', () => {
  it('show a saved test’s cut-offs, and an emptied one is sent as none', async () => {
    const saved = adminTest({ cutOff: 110, sections: [{ ...adminTest().sections[0]!, cutOff: 30 }] });
    const net = api({
      'GET /api/admin/tests/test1': () => ({ body: { data: saved } }),
      'PUT /api/admin/tests/test1': () => ({ body: { data: { ...saved, cutOff: null } } }),
    });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    const { container } = page;
    const testCutOff = await waitFor(() => {
      const field = getByLabel(settings(container), 'Cut-off');
      expect(field.value).toBe('110');
      return field;
    });
    expect(getByLabel(sections(container)[0]!, 'Cut-off').value).toBe('30');
    typeInto(testCutOff, '');
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('PUT /api/admin/tests/test1')).toHaveLength(1));
    expect(net.calls('PUT /api/admin/tests/test1')[0]!.body).toMatchObject({ cutOff: null, sections: [{ title: 'Reasoning', cutOff: 30 }] });
  });

  it('put the server’s refusal of a cut-off on the field it names, the test’s or a section’s', async () => {
    api({
      'POST /api/admin/tests': () =>
        apiError(400, 'VALIDATION_FAILED', 'Cut-off is too high', [
          { field: 'sections.0.cutOff', message: 'Cut-off is too high' },
          { field: 'cutOff', message: 'Cut-off is too low' },
        ]),
    });
    const page = await renderRoutes(routes, '/admin/tests/new');
    const { container } = page;
    typeInto(getByLabel(container, 'Title'), 'Mock');
    typeInto(getByLabel(settings(container), 'Cut-off'), '-90000');
    const [first] = sections(container);
    typeInto(getByLabel(first!, 'Section title'), 'Quant');
    typeInto(getByLabel(first!, 'Cut-off'), '90000');
    await waitFor(() => expect(first!.textContent).toContain('Find the odd one out'));
    click(first!.querySelector<HTMLInputElement>('li input[type="checkbox"]')!);
    click(getButton(container, 'Save'));

    const sectionField = getByLabel(first!, 'Cut-off');
    await waitFor(() => expect(sectionField.getAttribute('aria-invalid')).toBe('true'));
    expect(getByLabel(settings(container), 'Cut-off').getAttribute('aria-invalid')).toBe('true');
    expect(settings(container).textContent).toContain('Cut-off is too low');
    expect(first!.textContent).toContain('Cut-off is too high');
    expect(alerts(container).join(' ')).toContain('Section 1: Cut-off is too high; Cut-off is too low');
  });
});

describe('languages', () => {
  it('offer the test in English, Hindi or both, and show the server’s refusal of a question without Hindi on its section', async () => {
    const message = 'The test is offered in Hindi, and these questions have no Hindi text: add it or take them out: q2';
    const net = api({ 'PUT /api/admin/tests/test1': () => apiError(400, 'VALIDATION_FAILED', message, [{ field: 'sections.0.questionIds', message }]) });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    const { container } = page;
    const field = await waitFor(() => getByLabel<HTMLSelectElement>(container, 'Languages'));
    expect(field.value).toBe('en');
    expect([...field.options].map((o) => o.textContent)).toEqual(['English', 'हिन्दी', 'English and हिन्दी']);
    selectOption(field, 'both');
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('PUT /api/admin/tests/test1')).toHaveLength(1));
    expect(net.calls('PUT /api/admin/tests/test1')[0]!.body).toMatchObject({ languages: ['en', 'hi'] });
    await waitFor(() => expect(sections(container)[0]!.textContent).toContain(message));

    selectOption(field, 'hi');
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('PUT /api/admin/tests/test1')).toHaveLength(2));
    expect(net.calls('PUT /api/admin/tests/test1')[1]!.body).toMatchObject({ languages: ['hi'] });
  });

  it('keep a test offered in Hindi first as it is', async () => {
    const net = api({
      'GET /api/admin/tests/test1': () => ({ body: { data: adminTest({ languages: ['hi', 'en'] }) } }),
      'PUT /api/admin/tests/test1': () => ({ body: { data: adminTest({ languages: ['hi', 'en'] }) } }),
    });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(page.container, 'Languages').value).toBe('both'));
    click(getButton(page.container, 'Save'));
    await waitFor(() => expect(net.calls('PUT /api/admin/tests/test1')).toHaveLength(1));
    expect(net.calls('PUT /api/admin/tests/test1')[0]!.body).toMatchObject({ languages: ['hi', 'en'] });
  });
});

describe('a section’s language', () => {
  const sectionLanguage = (scope: ParentNode) => scope.querySelector<HTMLSelectElement>('select[name$=".language"]');

  it('is offered per section once the test is in two languages, sent with the section, and refused when the test is not in it', async () => {
    const net = api({ 'PUT /api/admin/tests/test1': () => ({ body: { data: adminTest() } }) });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    const { container } = page;
    const languages = await waitFor(() => getByLabel<HTMLSelectElement>(container, 'Languages'));
    const [section] = sections(container);
    expect(sectionLanguage(section!)).toBeNull();

    selectOption(languages, 'both');
    const field = getByLabel<HTMLSelectElement>(section!, 'Questions in');
    expect(field.value).toBe('');
    expect([...field.options].map((o) => o.textContent)).toEqual(['The test’s languages', 'English only', 'Hindi only']);
    selectOption(field, 'en');
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('PUT /api/admin/tests/test1')).toHaveLength(1));
    expect(net.calls('PUT /api/admin/tests/test1')[0]!.body).toMatchObject({ languages: ['en', 'hi'], sections: [{ title: 'Reasoning', language: 'en' }] });

    // Back to English alone, a section still in Hindi only keeps its control, with the reason it cannot be saved.
    selectOption(field, 'hi');
    selectOption(languages, 'en');
    click(getButton(container, 'Save'));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(section!.textContent).toContain('A section can be in one language only if the test is offered in it');
    expect(net.calls('PUT /api/admin/tests/test1')).toHaveLength(1);
    selectOption(field, '');
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('PUT /api/admin/tests/test1')).toHaveLength(2));
    expect(net.calls('PUT /api/admin/tests/test1')[1]!.body).toMatchObject({ languages: ['en'], sections: [{ language: null }] });
    await waitFor(() => expect(sectionLanguage(section!)).toBeNull());
  });

  it('shows a saved section’s one language', async () => {
    const test = adminTest({ languages: ['en', 'hi'], sections: [{ ...adminTest().sections[0]!, title: 'English Comprehension', language: 'en' }] });
    api({ 'GET /api/admin/tests/test1': () => ({ body: { data: test } }) });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    await waitFor(() => expect(getByLabel<HTMLSelectElement>(sections(page.container)[0]!, 'Questions in').value).toBe('en'));
  });
});

describe('blueprint rules', () => {
  it('suggest the bank’s categories for a rule', async () => {
    api();
    const page = await renderRoutes(routes, '/admin/tests/new');
    const [first] = sections(page.container);
    click(radio(first!, 'Draw from a blueprint'));
    const category = getByLabel(first!, 'Category');
    const list = await waitFor(() => {
      const found = document.getElementById(category.getAttribute('list') ?? '');
      expect(found?.querySelectorAll('option')).toHaveLength(2);
      return found!;
    });
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['SSC', 'SSC/Reasoning']);
  });

  it('put a server message on the field it names and say where in words', async () => {
    const message = 'No published question is in the category SSC/Quant';
    api({ 'POST /api/admin/tests': () => apiError(400, 'VALIDATION_FAILED', `sections.0.rules.0.category: ${message}`, [{ field: 'sections.0.rules.0.category', message }]) });
    const page = await renderRoutes(routes, '/admin/tests/new');
    const { container } = page;
    typeInto(getByLabel(container, 'Title'), 'Quant mock');
    const [first] = sections(container);
    typeInto(getByLabel(first!, 'Section title'), 'Quant');
    click(radio(first!, 'Draw from a blueprint'));
    typeInto(getByLabel(first!, 'Category'), 'SSC/Quant');
    click(getButton(container, 'Save'));

    const category = getByLabel(first!, 'Category');
    await waitFor(() => expect(category.getAttribute('aria-invalid')).toBe('true'));
    expect(getByLabel(first!, 'Questions to draw').getAttribute('aria-invalid')).not.toBe('true');
    const said = alerts(container).join(' ');
    expect(said).toContain(`Section 1, rule 1: ${message}`);
    expect(said).not.toContain('sections.0');
  });
});

describe('edit test page', () => {
  it('names the fixed questions, previews the test as a candidate without the key, and publishes', async () => {
    const net = api({ 'POST /api/admin/tests/test1/publish': () => ({ body: { data: adminTest({ status: 'published' }) } }) });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    const { container } = page;
    await waitFor(() => expect(getByLabel(container, 'Title').value).toBe('Weekly mock'));
    const [first] = sections(container);
    await waitFor(() => expect(first!.querySelector('ol')?.textContent).toContain('1. All cats are animals. Conclusion?'));
    expect(container.querySelector('header a[href="/admin/tests/test1/stats"]')?.textContent).toBe('Item analysis');

    click(getButton(container, 'Preview as candidate'));
    const panel = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('section[aria-labelledby="candidate-preview-heading"]');
      expect(found?.textContent).toContain('Some animals are cats');
      return found!;
    });
    expect(panel.textContent).toContain('2 questions · maximum score 4 · 20 minutes');
    expect(panel.textContent).toContain('+2 / −0.5');
    const seeds = net.calls('GET /api/admin/tests/test1/preview').map((r) => r.query.get('seed'));
    click(getButton(panel, 'Draw again'));
    await waitFor(() => expect(net.calls('GET /api/admin/tests/test1/preview').length).toBeGreaterThan(seeds.length));
    expect(new Set(net.calls('GET /api/admin/tests/test1/preview').map((r) => r.query.get('seed'))).size).toBe(seeds.length + 1);

    click(getButton(container, 'Publish'));
    await waitFor(() => expect(net.calls('POST /api/admin/tests/test1/publish')).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toContain('Published'));
  });

  it('lists what stops a test from being published', async () => {
    const message = 'Publish these questions first, they are drafts: q2';
    api({ 'POST /api/admin/tests/test1/publish': () => apiError(400, 'VALIDATION_FAILED', message, [{ field: 'sections.0.questionIds', message }]) });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    await waitFor(() => expect(getByLabel(page.container, 'Title').value).toBe('Weekly mock'));
    click(getButton(page.container, 'Publish'));
    await waitFor(() => expect(alerts(page.container).join(' ')).toContain('The test cannot be published yet'));
    expect(alerts(page.container).join(' ')).toContain(message);
  });
  it('shows an archived test as such, and Restore moves it back to the drafts', async () => {
    const net = api({
      'GET /api/admin/tests/test1': () => ({ body: { data: adminTest({ status: 'archived', submittedAttempts: 3 }) } }),
      'POST /api/admin/tests/test1/unpublish': () => ({ body: { data: adminTest({ status: 'draft', submittedAttempts: 3 }) } }),
    });
    const page = await renderRoutes(routes, '/admin/tests/test1/edit');
    const header = await waitFor(() => {
      const found = page.container.querySelector('header');
      expect(found?.textContent).toContain('Archived');
      return found!;
    });
    click(getButton(header, 'Restore'));
    await waitFor(() => expect(net.calls('POST /api/admin/tests/test1/unpublish')).toHaveLength(1));
    await waitFor(() => expect(header.textContent).toContain('Draft'));
    expect(getButton(header, 'Publish')).toBeDefined();
  });
});
