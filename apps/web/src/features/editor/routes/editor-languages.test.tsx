import type { BlogInput, TopicInput } from '@abhyas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { adminBlog, adminTopic } from '@/testing/fixtures';
import { click, getButton, getByLabel, renderRoutes, selectOption, typeInto, waitFor } from '@/testing/render';
import { BlogEditorPage } from './blog-editor-page';
import { TopicEditorPage } from './topic-editor-page';

const routes = [
  { path: '/admin/blogs/new', Component: BlogEditorPage },
  { path: '/admin/blogs/:id/edit', Component: BlogEditorPage },
  { path: '/admin/topics/:id/edit', Component: TopicEditorPage },
];
const LANGUAGE = 'Language';
const LINK = 'Same article in the other language';

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const optionLabels = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

describe('an article’s language and its version in the other language', () => {
  it('writes a Hindi blog linked to an English one that has no Hindi version yet', async () => {
    const blogs = [
      adminBlog({ id: 'en1', title: 'Negative marking' }),
      adminBlog({ id: 'en2', title: 'Exam day', translations: [{ id: 'hi9', language: 'hi', slug: 'pariksha-ka-din', title: 'परीक्षा का दिन', status: 'draft' }] }),
      adminBlog({ id: 'hi1', title: 'समय प्रबंधन', language: 'hi' }),
    ];
    const net = fakeApi({
      'GET /api/admin/blogs': () => ({ body: { data: blogs } }),
      'POST /api/admin/preview': () => ({ body: { html: '<p>…</p>' } }),
      'POST /api/admin/blogs': ({ body }) => ({ status: 201, body: { data: adminBlog({ id: 'b9', title: (body as BlogInput).title, language: 'hi' }) } }),
    });
    page = await renderRoutes(routes, '/admin/blogs/new');
    const { container } = page;
    const language = getByLabel<HTMLSelectElement>(container, LANGUAGE);
    const link = getByLabel<HTMLSelectElement>(container, LINK);
    expect(language.value).toBe('en');
    expect(optionLabels(language)).toEqual(['English', 'हिन्दी']);
    // In English, only the Hindi blog can be its other version.
    await waitFor(() => expect(optionLabels(link)).toEqual(['None', 'समय प्रबंधन']));
    expect(link.querySelector('option[value="hi1"]')?.getAttribute('lang')).toBe('hi');

    selectOption(language, 'hi');
    // In Hindi: English blogs without a Hindi version; "Exam day" already has one.
    expect(optionLabels(link)).toEqual(['None', 'Negative marking']);
    selectOption(link, 'en1');
    typeInto(getByLabel(container, 'Title'), 'नकारात्मक अंकन');
    typeInto(getByLabel<HTMLTextAreaElement>(container, 'Content (Markdown)'), 'अपेक्षित मान।');
    click(getButton(container, 'Save'));

    await waitFor(() => expect(net.calls('POST /api/admin/blogs')).toHaveLength(1));
    expect(net.calls('POST /api/admin/blogs')[0]?.body).toMatchObject({ title: 'नकारात्मक अंकन', language: 'hi', translationOf: 'en1' });
  });

  it('lets go of a link that the new language would break', async () => {
    fakeApi({
      'GET /api/admin/blogs': () => ({ body: { data: [adminBlog({ id: 'hi1', title: 'समय प्रबंधन', language: 'hi' })] } }),
      'POST /api/admin/preview': () => ({ body: { html: '<p>…</p>' } }),
    });
    page = await renderRoutes(routes, '/admin/blogs/new');
    const link = getByLabel<HTMLSelectElement>(page.container, LINK);
    await waitFor(() => expect(optionLabels(link)).toContain('समय प्रबंधन'));
    selectOption(link, 'hi1');
    selectOption(getByLabel<HTMLSelectElement>(page.container, LANGUAGE), 'hi');
    expect(link.value).toBe('');
  });

  it('shows the linked version of a topic, unlinks it with None, and puts a refusal under the field', async () => {
    const topic = adminTopic({
      id: 't1',
      slug: 'time-and-work',
      title: 'Time and work',
      translations: [{ id: 't2', language: 'hi', slug: 'samay-aur-karya', title: 'समय और कार्य', status: 'published' }],
    });
    let answer: 'ok' | 'taken' = 'taken';
    const net = fakeApi({
      'GET /api/admin/topics/t1': () => ({ body: { data: topic } }),
      'GET /api/admin/topics': () => ({ body: { data: [topic, adminTopic({ id: 't2', slug: 'samay-aur-karya', title: 'समय और कार्य', language: 'hi' })] } }),
      'POST /api/admin/preview': () => ({ body: { html: '<p>Text</p>' } }),
      'PATCH /api/admin/topics/t1': ({ body }) =>
        answer === 'taken'
          ? apiError(409, 'TRANSLATION_TAKEN', 'A Hindi version is already linked: "समय और कार्य"', [{ field: 'translationOf', message: 'A Hindi version is already linked: "समय और कार्य"' }])
          : { body: { data: { ...topic, ...(body as TopicInput), translations: [] } } },
    });
    page = await renderRoutes(routes, '/admin/topics/t1/edit');
    const link = await waitFor(() => getByLabel<HTMLSelectElement>(page!.container, LINK));
    expect(link.value).toBe('t2');

    click(getButton(page.container, 'Save'));
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(link.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(described?.textContent).toContain('A Hindi version is already linked: "समय और कार्य"');

    answer = 'ok';
    selectOption(link, '');
    click(getButton(page.container, 'Save'));
    await waitFor(() => expect(net.calls('PATCH /api/admin/topics/t1')).toHaveLength(2));
    expect(net.calls('PATCH /api/admin/topics/t1')[1]?.body).toMatchObject({ language: 'en', translationOf: null });
  });
});
