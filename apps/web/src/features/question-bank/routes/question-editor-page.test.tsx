import { APP } from '@abhyas/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, deferred, type FakeResponse } from '@/testing/fake-api';
import { media, pngFile } from '@/testing/fixtures';
import { alerts, chooseFile, click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { api, imagePicker, routes, STEM } from './question-editor-page.harness';

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

describe('new question page', () => {
  it('checks the form before sending anything', async () => {
    const net = api();
    page = await renderRoutes(routes, '/admin/questions/new');
    click(getButton(page.container, 'Save'));

    await waitFor(() => expect(page?.container.textContent).toContain('Enter the question'));
    expect(getByLabel(page.container, STEM).getAttribute('aria-invalid')).toBe('true');
    expect(net.calls('POST /api/admin/questions')).toHaveLength(0);
  });

  it('uploads an image into the stem at the cursor, then saves the question with its topic', async () => {
    const upload = deferred<FakeResponse>();
    const net = api({ 'POST /api/admin/media': () => upload.promise });
    page = await renderRoutes(routes, '/admin/questions/new');
    const { container } = page;

    const stem = getByLabel<HTMLTextAreaElement>(container, STEM);
    typeInto(stem, 'Find the area.\n\nGive the answer in cm².');
    const cursor = 'Find the area.\n\n'.length;
    stem.setSelectionRange(cursor, cursor);
    chooseFile(imagePicker(container, STEM), pngFile('right_triangle.png'));

    // Busy while the bytes travel: the button waits and a progress bar shows.
    const button = getButton(container, `Insert image into ${STEM}`);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(container.querySelector('progress')?.getAttribute('aria-label')).toBe('Image upload progress');
    expect(container.textContent).toContain('Uploading image…');

    upload.resolve({ status: 201, body: { data: media({ url: '/media/a1b2c3.png' }) } });
    await waitFor(() => expect(stem.value).toBe('Find the area.\n\n![right triangle](/media/a1b2c3.png)Give the answer in cm².'));
    // The description is selected, ready to be typed over.
    expect(stem.value.slice(stem.selectionStart, stem.selectionEnd)).toBe('right triangle');
    expect(button.disabled).toBe(false);
    expect(container.querySelector('progress')).toBeNull();

    const [sent] = net.calls('POST /api/admin/media');
    expect(sent?.headers).toMatchObject({ 'content-type': 'image/png', authorization: 'Bearer editor-token' });
    expect(sent?.body).toBeInstanceOf(Blob);
    expect((sent?.body as Blob).size).toBe(64);

    for (const [letter, text] of [['A', '6'], ['B', '12'], ['C', '24'], ['D', '48']] as const) {
      typeInto(getByLabel(container, `Option ${letter}`), text);
    }
    click(getByLabel(container, 'Correct(option B)'));
    const topic = await waitFor(() => {
      const select = getByLabel<HTMLSelectElement>(container, 'Learning topic');
      expect([...select.options].map((o) => o.text)).toEqual(['No topic', 'Averages (draft)', 'Mensuration', 'Time and work']);
      return select;
    });
    selectOption(topic, 't2');
    click(getButton(container, 'Save'));

    await waitFor(() => expect(net.calls('POST /api/admin/questions')).toHaveLength(1));
    expect(net.calls('POST /api/admin/questions')[0]?.body).toEqual({
      type: 'single',
      stem: 'Find the area.\n\n![right triangle](/media/a1b2c3.png)Give the answer in cm².',
      marking: 'partial',
      difficulty: 'medium',
      marks: 1,
      negativeMarks: 0,
      topicId: 't2',
      tags: [],
      language: 'en',
      options: [
        { text: '6', correct: false },
        { text: '12', correct: true },
        { text: '24', correct: false },
        { text: '48', correct: false },
      ],
    });
    await waitFor(() => expect(page?.router.state.location.pathname).toBe('/admin/questions/q-new/edit'));
  });

  it('offers the marking for a multiple-answer question only, explains each choice, and sends it', async () => {
    const net = api();
    page = await renderRoutes(routes, '/admin/questions/new');
    const { container } = page;
    expect(container.querySelector('select[name="marking"]')).toBeNull();

    selectOption(getByLabel<HTMLSelectElement>(container, 'Type'), 'multiple');
    const marking = await waitFor(() => getByLabel<HTMLSelectElement>(container, 'Marking'));
    expect([...marking.options].map((o) => [o.value, o.text])).toEqual([['partial', 'Partial credit'], ['allOrNothing', 'All or nothing']]);
    expect(marking.value).toBe('partial');
    expect(container.textContent).toContain('Each correct option chosen earns its share of the marks');

    selectOption(marking, 'allOrNothing');
    await waitFor(() => expect(container.textContent).toContain('Full marks only when exactly the correct options are chosen; any other answer earns nothing.'));
    typeInto(getByLabel(container, STEM), 'Which of these are prime?');
    for (const [letter, text] of [['A', '2'], ['B', '4'], ['C', '5'], ['D', '9']] as const) typeInto(getByLabel(container, `Option ${letter}`), text);
    click(getByLabel(container, 'Correct(option A)'));
    click(getByLabel(container, 'Correct(option C)'));
    click(getButton(container, 'Save'));

    await waitFor(() => expect(net.calls('POST /api/admin/questions')).toHaveLength(1));
    expect(net.calls('POST /api/admin/questions')[0]?.body).toMatchObject({ type: 'multiple', marking: 'allOrNothing' });
  });

  it('sends partial marking when the question stops being multiple-answer', async () => {
    const net = api();
    page = await renderRoutes(routes, '/admin/questions/new');
    const { container } = page;
    const type = getByLabel<HTMLSelectElement>(container, 'Type');
    selectOption(type, 'multiple');
    selectOption(await waitFor(() => getByLabel<HTMLSelectElement>(container, 'Marking')), 'allOrNothing');
    selectOption(type, 'single');
    await waitFor(() => expect(container.querySelector('select[name="marking"]')).toBeNull());
    typeInto(getByLabel(container, STEM), 'What is 2 + 2?');
    for (const [letter, text] of [['A', '3'], ['B', '4'], ['C', '5'], ['D', '6']] as const) typeInto(getByLabel(container, `Option ${letter}`), text);
    click(getByLabel(container, 'Correct(option B)'));
    click(getButton(container, 'Save'));

    await waitFor(() => expect(net.calls('POST /api/admin/questions')).toHaveLength(1));
    expect(net.calls('POST /api/admin/questions')[0]?.body).toMatchObject({ type: 'single', marking: 'partial' });
  });

  it('shows the server’s message when it refuses the image, and leaves the text alone', async () => {
    const net = api({ 'POST /api/admin/media': () => apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG, JPEG, WebP or GIF image') });
    page = await renderRoutes(routes, '/admin/questions/new');
    const stem = getByLabel<HTMLTextAreaElement>(page.container, STEM);
    typeInto(stem, 'Which figure comes next?');

    chooseFile(imagePicker(page.container, STEM), pngFile('figure.png'));

    await waitFor(() => expect(alerts(page!.container)).toContain('The file is not a PNG, JPEG, WebP or GIF image'));
    expect(net.calls('POST /api/admin/media')).toHaveLength(1);
    expect(stem.value).toBe('Which figure comes next?');
  });

  it('turns down a file that is not an image, or too large, without uploading it', async () => {
    const net = api();
    page = await renderRoutes(routes, '/admin/questions/new');
    const picker = imagePicker(page.container, STEM);

    chooseFile(picker, new File(['just text'], 'notes.png', { type: 'image/png' }));
    await waitFor(() => expect(alerts(page!.container)).toContain('This file is not a PNG, JPEG, WebP or GIF image.'));

    chooseFile(picker, pngFile('scan.png', 3 * 1024 * 1024));
    await waitFor(() => expect(alerts(page!.container)).toContain('This image is 3 MB; the limit is 2 MB. Save it smaller and try again.'));
    expect(net.calls('POST /api/admin/media')).toHaveLength(0);
  });

  it("checks a file against the server's own limit", async () => {
    const net = api({ 'GET /api/admin/media/settings': () => ({ body: { data: { importMaxBytes: 1024 * 1024, mediaMaxBytes: 4 * 1024 * 1024 } } }) });
    page = await renderRoutes(routes, '/admin/questions/new');
    await waitFor(() => expect(page!.container.textContent).toContain('up to 4 MB'));

    chooseFile(imagePicker(page.container, STEM), pngFile('scan.png', 3 * 1024 * 1024));

    await waitFor(() => expect(net.calls('POST /api/admin/media')).toHaveLength(1));
  });

  it('puts an image in the explanation too, not in the stem', async () => {
    api();
    page = await renderRoutes(routes, '/admin/questions/new');
    const explanation = getByLabel<HTMLTextAreaElement>(page.container, 'Explanation');

    chooseFile(imagePicker(page.container, 'Explanation'), pngFile('working.png'));

    await waitFor(() => expect(explanation.value).toBe('![working](/media/a1b2c3.png)'));
    expect(getByLabel<HTMLTextAreaElement>(page.container, STEM).value).toBe('');
  });

  it('on a phone switches between writing and the preview, and brings the form back for an error', async () => {
    api();
    page = await renderRoutes(routes, '/admin/questions/new');
    const { container } = page;
    const writing = () => getByLabel(container, STEM).closest('.gap-5');
    const preview = () => container.querySelector('section[aria-labelledby]')?.parentElement;
    expect(writing()?.className).not.toContain('max-lg:hidden');
    expect(preview()?.className).toContain('max-lg:hidden');

    click(getButton(container, 'Preview'));
    expect(getButton(container, 'Preview').getAttribute('aria-pressed')).toBe('true');
    expect(writing()?.className).toContain('max-lg:hidden');
    expect(preview()?.className).not.toContain('max-lg:hidden');

    click(getButton(container, 'Save'));
    await waitFor(() => expect(writing()?.className).not.toContain('max-lg:hidden'));
    expect(container.textContent).toContain('Enter the question');
  });
});
