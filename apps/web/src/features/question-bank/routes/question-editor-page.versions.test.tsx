import { APP, type AdminQuestion } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminQuestion, questionOption, questionVersion, questionVersionSummary } from '@/testing/fixtures';
import { cleanUpPages, click, getButton, getByLabel, renderRoutes, selectOption, waitFor } from '@/testing/render';
import { api, routes, STEM } from './question-editor-page.harness';

const ravi = { id: 'u2', name: 'Ravi Editor' };
const summaries = [
  questionVersionSummary({ version: 3, current: true, changes: ['stem', 'options', 'key'], author: ravi, firstUsedAt: '2026-02-10T09:00:00.000Z', createdAt: '2026-02-01T09:00:00.000Z' }),
  questionVersionSummary({ version: 2, current: false, changes: ['marks'], author: null, firstUsedAt: '2026-01-20T09:00:00.000Z', createdAt: '2026-01-15T09:00:00.000Z' }),
  questionVersionSummary({ version: 1, current: false, changes: [], author: ravi, firstUsedAt: '2026-01-06T09:00:00.000Z' }),
];
const versions = {
  1: questionVersion({ ...summaries[2], stem: 'A train covers 60 km. Speed?', options: [questionOption('60 km/h', true), questionOption('30 km/h', false)] }),
  2: questionVersion({ ...summaries[1], stem: 'A train covers 60 km in an hour. Its speed?', marks: 2, options: [questionOption('60 km/h', true), questionOption('30 km/h', false)] }),
  3: questionVersion({ ...summaries[0], stem: 'A car covers 80 km in an hour. Its speed?', marks: 2, options: [questionOption('60 km/h', false), questionOption('80 km/h', true)] }),
};
const current = adminQuestion({ id: 'q1', version: 3, stem: versions[3].stem, marks: 2, options: versions[3].options });

function versionApi(question: () => AdminQuestion = () => current) {
  return api({
    'GET /api/admin/questions/q1': () => ({ body: { data: question() } }),
    'GET /api/admin/questions/q1/versions': () => ({ body: { data: summaries } }),
    'GET /api/admin/questions/q1/versions/1': () => ({ body: { data: versions[1] } }),
    'GET /api/admin/questions/q1/versions/2': () => ({ body: { data: versions[2] } }),
    'GET /api/admin/questions/q1/versions/3': () => ({ body: { data: versions[3] } }),
    'PUT /api/admin/questions/q1': () => ({ body: { data: question() } }),
  });
}

function section(scope: ParentNode, heading: string): HTMLElement {
  const found = [...scope.querySelectorAll('section')].find((s) => s.querySelector('h2, h4')?.textContent === heading);
  if (!found) throw new Error(`No section headed "${heading}"`);
  return found;
}
const texts = (scope: Element, selector: string) => [...scope.querySelectorAll(selector)].map((e) => e.textContent?.trim());

beforeEach(() => localStorage.setItem(APP.authTokenKey, 'editor-token'));
afterEach(cleanUpPages);

describe('question versions on the editor', () => {
  it('lists the versions with when, who, what changed and since when attempts use them; Save names the version it would make', async () => {
    const net = versionApi();
    const page = await renderRoutes(routes, '/admin/questions/q1/edit');
    const { container } = page;
    const panel = await waitFor(() => {
      const found = section(container, 'Versions');
      expect(found.querySelectorAll('li')).toHaveLength(3);
      return found;
    });

    expect(container.querySelector('header')?.textContent).toContain('Version 3');
    const [third, second, first] = [...panel.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(third).toContain('Version 3');
    expect(third).toContain('Current');
    expect(third).toContain('In use since 10 Feb 2026');
    expect(third).toContain('Ravi Editor');
    expect(third).toContain('Changed: question text, options, and answer key');
    expect(second).toContain('Changed: marks');
    expect(second).toContain(' · —');
    expect(second).not.toContain('Current');
    expect(first).toContain('The first version');
    expect(panel.textContent).toContain('past attempts keep theirs');

    const save = getButton(container, 'Save');
    const note = document.getElementById(save.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Attempts have used version 3. Saving a change to the question, its options, answer key, marks, marking, explanation or type, in either language, creates version 4; those attempts keep version 3.');

    click(save);
    await waitFor(() => expect(net.calls('PUT /api/admin/questions/q1')).toHaveLength(1));
    await waitFor(() => expect(net.calls('GET /api/admin/questions/q1/versions')).toHaveLength(2));
  });

  it('compares the current version with the one before side by side, the changed words and key marked', async () => {
    const net = versionApi();
    const page = await renderRoutes(routes, '/admin/questions/q1/edit');
    const { container } = page;
    const compare = await waitFor(() => getButton(container, 'Compare versions'));
    expect(net.calls('GET /api/admin/questions/q1/versions/3')).toHaveLength(0);

    click(compare);
    expect(compare.getAttribute('aria-expanded')).toBe('true');
    expect(getByLabel<HTMLSelectElement>(container, 'Compare version').value).toBe('2');
    expect(getByLabel<HTMLSelectElement>(container, 'With version').value).toBe('3');
    const before = await waitFor(() => section(container, 'Version 2'));
    const after = section(container, 'Version 3 (current)');

    expect(texts(before, 'del')).toEqual(['train', '60', 'Correct answer', '30', 'Not correct']);
    expect(texts(after, 'ins')).toEqual(['car', '80', 'Not correct', '80', 'Correct answer']);
    expect(before.querySelectorAll('ins')).toHaveLength(0);
    expect(after.querySelectorAll('del')).toHaveLength(0);
    // Marks did not change between these two: nothing marked there.
    expect(before.querySelector('dl')?.textContent).toContain('Marks2');
    expect(before.querySelectorAll('dl del')).toHaveLength(0);
    // Each change is named for screen readers, not shown by colour alone.
    expect(before.textContent).toContain('removed: train');
    expect(after.textContent).toContain('added: car');

    selectOption(getByLabel<HTMLSelectElement>(container, 'Compare version'), '1');
    const oldest = await waitFor(() => section(container, 'Version 1'));
    expect(net.calls('GET /api/admin/questions/q1/versions/1')).toHaveLength(1);
    expect(texts(oldest, 'dl del')).toEqual(['1']);
    expect(texts(section(container, 'Version 3 (current)'), 'dl ins')).toEqual(['2']);
  });

  it('shows an archived question read only, and Restore brings it back as a draft to edit', async () => {
    let status: AdminQuestion['status'] = 'archived';
    const net = versionApi(() => ({ ...current, status }));
    const page = await renderRoutes(routes, '/admin/questions/q1/edit');
    const { container } = page;
    await waitFor(() => expect(container.textContent).toContain('This question is archived'));

    expect(container.textContent).toContain('kept as it was for those attempts');
    expect(getByLabel(container, STEM).closest('fieldset')?.disabled).toBe(true);
    expect(getButton(container, 'Save').disabled).toBe(true);
    expect(getButton(container, 'Save').hasAttribute('aria-describedby')).toBe(false);
    expect(container.querySelector('header')?.textContent).toContain('Archived');

    status = 'draft';
    click(getButton(container, 'Restore'));
    await waitFor(() => expect(net.calls('POST /api/admin/questions/bulk')[0]?.body).toEqual({ ids: ['q1'], action: 'restore' }));
    await waitFor(() => expect(container.textContent).not.toContain('This question is archived'));
    expect(getByLabel(container, STEM).closest('fieldset')?.disabled).toBe(false);
    expect(getButton(container, 'Save').disabled).toBe(false);
  });
});
