import { APP, type AdminQuestion, type QuestionInput } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError } from '@/testing/fake-api';
import { adminQuestion, questionOption, questionVersion, questionVersionSummary } from '@/testing/fixtures';
import { cleanUpPages, click, getButton, getByLabel, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { api, routes, STEM } from './question-editor-page.harness';

const STEM_EN = `${STEM} · English`;
const STEM_HI = `${STEM} · Hindi`;

/** The question's texts in Hindi, as the editor API returns them. */
const hindi: NonNullable<AdminQuestion['translation']> = {
  language: 'hi',
  stem: 'भारत की सबसे लंबी नदी?',
  stemHtml: '<p>भारत की सबसे लंबी नदी?</p>',
  explanation: null,
  explanationHtml: null,
  options: [
    { text: 'यमुना', textHtml: '<p>यमुना</p>', feedback: null, feedbackHtml: null },
    { text: 'गंगा', textHtml: '<p>गंगा</p>', feedback: 'सही', feedbackHtml: '<p>सही</p>' },
  ],
};
const river = adminQuestion({ id: 'q1', stem: 'The longest river in India?', options: [questionOption('Yamuna', false), questionOption('Ganga', true)], translation: hindi });

function previews(scope: ParentNode): { title: string; lang: string | null; text: string }[] {
  return [...scope.querySelectorAll('section')]
    .filter((s) => s.querySelector('h2')?.textContent?.startsWith('Preview'))
    .map((s) => ({ title: s.querySelector('h2')!.textContent!, lang: s.querySelector('[lang]')?.getAttribute('lang') ?? null, text: s.textContent ?? '' }));
}

/** Whether a control with this label is on the page. */
const labelled = (scope: ParentNode, text: string) => [...scope.querySelectorAll('label')].some((l) => l.textContent?.replace(/\s+/g, ' ').trim() === text);

beforeEach(() => localStorage.setItem(APP.authTokenKey, 'editor-token'));
afterEach(cleanUpPages);

describe('a question in English and Hindi', () => {
  it('adds the Hindi beside each English text, previews both, and saves one question with one key', async () => {
    const net = api();
    const { container } = await renderRoutes(routes, '/admin/questions/new');
    expect(labelled(container, STEM_HI)).toBe(false);
    expect(previews(container).map((p) => p.title)).toEqual(['Preview']);

    click(getButton(container, 'Add the Hindi text'));
    const stemHi = await waitFor(() => getByLabel<HTMLTextAreaElement>(container, STEM_HI));
    expect(stemHi.getAttribute('lang')).toBe('hi');
    expect(getButton(container, 'Remove the Hindi text')).toBeTruthy();

    typeInto(getByLabel(container, STEM_EN), 'Which is the longest river in India?');
    typeInto(stemHi, 'भारत की सबसे लंबी नदी कौन-सी है?');
    for (const [letter, en, hi] of [['A', 'Yamuna', 'यमुना'], ['B', 'Ganga', 'गंगा'], ['C', 'Godavari', 'गोदावरी'], ['D', 'Narmada', 'नर्मदा']] as const) {
      typeInto(getByLabel(container, `Option ${letter} · English`), en);
      typeInto(getByLabel(container, `Option ${letter} · Hindi`), hi);
    }
    typeInto(getByLabel(container, 'Feedback for option B (optional) · Hindi'), 'सही');
    typeInto(getByLabel(container, 'Explanation · Hindi'), 'गंगा लगभग 2,525 किमी बहती है।');
    // The key is the question's: one "Correct" per option, whatever the language.
    expect(container.querySelectorAll('input[name="correct-option"]')).toHaveLength(4);
    click(getByLabel(container, 'Correct(option B)'));

    await waitFor(() => {
      const [english, hindiPreview] = previews(container);
      expect(english).toMatchObject({ title: 'Preview · English', lang: 'en' });
      expect(english?.text).toContain('Which is the longest river in India?');
      expect(hindiPreview).toMatchObject({ title: 'Preview · Hindi', lang: 'hi' });
      expect(hindiPreview?.text).toContain('भारत की सबसे लंबी नदी कौन-सी है?');
      expect(hindiPreview?.text).toContain('गंगाCorrect answerसही');
    });

    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('POST /api/admin/questions')).toHaveLength(1));
    const sent = net.calls('POST /api/admin/questions')[0]?.body as QuestionInput;
    expect(sent).toMatchObject({
      language: 'en',
      stem: 'Which is the longest river in India?',
      options: [{ text: 'Yamuna', correct: false }, { text: 'Ganga', correct: true }, { text: 'Godavari', correct: false }, { text: 'Narmada', correct: false }],
      translation: {
        language: 'hi',
        stem: 'भारत की सबसे लंबी नदी कौन-सी है?',
        explanation: 'गंगा लगभग 2,525 किमी बहती है।',
        options: [{ text: 'यमुना' }, { text: 'गंगा', feedback: 'सही' }, { text: 'गोदावरी' }, { text: 'नर्मदा' }],
      },
    });
  });

  it('shows what the Hindi lacks beside it before sending anything, and the server’s word on a Hindi field', async () => {
    const net = api({ 'POST /api/admin/questions': () => apiError(400, 'VALIDATION_FAILED', 'Check the form', [{ field: 'translation.stem', message: 'Question must be at most 20000 characters' }]) });
    const { container } = await renderRoutes(routes, '/admin/questions/new');
    typeInto(getByLabel(container, STEM), 'What is 2 + 2?');
    for (const [letter, text] of [['A', '3'], ['B', '4'], ['C', '5'], ['D', '6']] as const) typeInto(getByLabel(container, `Option ${letter}`), text);
    click(getByLabel(container, 'Correct(option B)'));
    click(getButton(container, 'Add the Hindi text'));
    click(await waitFor(() => getButton(container, 'Save')));

    await waitFor(() => expect(getByLabel(container, STEM_HI).getAttribute('aria-invalid')).toBe('true'));
    expect(container.textContent).toContain('Enter the question');
    expect(container.querySelector('#options-error')?.textContent).toBe('An option cannot be empty');
    expect(net.calls('POST /api/admin/questions')).toHaveLength(0);

    typeInto(getByLabel(container, STEM_HI), '2 + 2 कितना है?');
    for (const [letter, text] of [['A', '3'], ['B', '4'], ['C', '5'], ['D', '6']] as const) typeInto(getByLabel(container, `Option ${letter} · Hindi`), text);
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('POST /api/admin/questions')).toHaveLength(1));
    await waitFor(() => expect(getByLabel(container, STEM_HI).getAttribute('aria-invalid')).toBe('true'));
    expect(container.textContent).toContain('Question must be at most 20000 characters');
    expect(getByLabel(container, STEM_EN).getAttribute('aria-invalid')).toBeNull();
  });

  it('edits a question in both languages, and removing the Hindi saves it in English alone', async () => {
    const net = api({
      'GET /api/admin/questions/q1': () => ({ body: { data: river } }),
      'PUT /api/admin/questions/q1': () => ({ body: { data: river } }),
    });
    const { container } = await renderRoutes(routes, '/admin/questions/q1/edit');
    const stemHi = await waitFor(() => getByLabel<HTMLTextAreaElement>(container, STEM_HI));
    expect(stemHi.value).toBe('भारत की सबसे लंबी नदी?');
    expect(getByLabel<HTMLInputElement>(container, 'Option B · Hindi').value).toBe('गंगा');
    expect(getByLabel<HTMLInputElement>(container, 'Feedback for option B (optional) · Hindi').value).toBe('सही');
    expect(container.querySelector('header')?.textContent).toContain('English and Hindi');

    click(getButton(container, 'Remove the Hindi text'));
    await waitFor(() => expect(labelled(container, STEM_HI)).toBe(false));
    expect(getByLabel(container, STEM).getAttribute('lang')).toBe('en');
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('PUT /api/admin/questions/q1')).toHaveLength(1));
    expect(net.calls('PUT /api/admin/questions/q1')[0]?.body).not.toHaveProperty('translation');
  });

  it('compares the Hindi of two versions, marking the words that changed', async () => {
    const summaries = [questionVersionSummary({ version: 2, current: true, changes: ['translation'] }), questionVersionSummary({ version: 1, current: false })];
    const v1 = questionVersion({ ...summaries[1], translation: hindi });
    const v2 = questionVersion({ ...summaries[0], translation: { ...hindi, options: [hindi.options[0]!, { ...hindi.options[1]!, text: 'गंगा नदी' }] } });
    api({
      'GET /api/admin/questions/q1': () => ({ body: { data: river } }),
      'GET /api/admin/questions/q1/versions': () => ({ body: { data: summaries } }),
      'GET /api/admin/questions/q1/versions/1': () => ({ body: { data: v1 } }),
      'GET /api/admin/questions/q1/versions/2': () => ({ body: { data: v2 } }),
    });
    const { container } = await renderRoutes(routes, '/admin/questions/q1/edit');
    await waitFor(() => expect(container.textContent).toContain('Changed: translation'));
    click(getButton(container, 'Compare versions'));
    const after = await waitFor(() => {
      const found = [...container.querySelectorAll('section')].find((s) => s.querySelector('h4')?.textContent === 'Version 2 (current)');
      expect(found).toBeTruthy();
      return found!;
    });
    const inHindi = [...after.querySelectorAll('h5')].find((h) => h.textContent === 'In Hindi')?.parentElement;
    expect(inHindi?.getAttribute('lang')).toBe('hi');
    expect([...(inHindi?.querySelectorAll('ins') ?? [])].map((e) => e.textContent?.trim())).toEqual(['नदी']);
    expect(inHindi?.textContent).toContain('added: ');
  });
});
