import type { BlogInput } from '@abhyas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { adminBlog, media, pngFile } from '@/testing/fixtures';
import { alerts, chooseFile, click, getButton, getByLabel, renderRoutes, typeInto, waitFor } from '@/testing/render';
import { BlogEditorPage } from './blog-editor-page';

const routes = [
  { path: '/admin/blogs/new', Component: BlogEditorPage },
  { path: '/admin/blogs/:id/edit', Component: BlogEditorPage },
];
const CONTENT = 'Content (Markdown)';

let page: Awaited<ReturnType<typeof renderRoutes>> | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

function picker(scope: ParentNode): HTMLInputElement {
  const input = getButton(scope, `Insert image into ${CONTENT}`).closest('div')?.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No image picker');
  return input;
}

describe('blog editor', () => {
  it('puts an uploaded image into the article at the cursor and saves it', async () => {
    const net = fakeApi({
      'POST /api/admin/preview': () => ({ body: { html: '<p>…</p>' } }),
      'POST /api/admin/media': () => ({ body: { data: media({ url: '/media/f00d.webp', contentType: 'image/webp' }) } }),
      'POST /api/admin/blogs': ({ body }) => ({ status: 201, body: { data: adminBlog({ id: 'b9', ...(body as BlogInput) }) } }),
    });
    page = await renderRoutes(routes, '/admin/blogs/new');
    const { container } = page;
    typeInto(getByLabel(container, 'Title'), 'Reading a bar chart');
    const content = getByLabel<HTMLTextAreaElement>(container, CONTENT);
    typeInto(content, 'Look at the chart:\n');

    chooseFile(picker(container), pngFile('sales [2024].png'));

    await waitFor(() => expect(content.value).toBe('Look at the chart:\n![sales \\[2024\\]](/media/f00d.webp)'));
    click(getButton(container, 'Save'));
    await waitFor(() => expect(net.calls('POST /api/admin/blogs')).toHaveLength(1));
    expect(net.calls('POST /api/admin/blogs')[0]?.body).toMatchObject({ title: 'Reading a bar chart', content: 'Look at the chart:\n![sales \\[2024\\]](/media/f00d.webp)' });
  });

  it('shows the server’s message for an image over its limit', async () => {
    fakeApi({
      'GET /api/admin/blogs/b1': () => ({ body: { data: adminBlog() } }),
      'POST /api/admin/preview': () => ({ body: { html: '<p>Arrive early.</p>' } }),
      'POST /api/admin/media': () => apiError(413, 'PAYLOAD_TOO_LARGE', 'The image is larger than 1 MB'),
    });
    page = await renderRoutes(routes, '/admin/blogs/b1/edit');
    const content = await waitFor(() => getByLabel<HTMLTextAreaElement>(page!.container, CONTENT));

    chooseFile(picker(page.container), pngFile('photo.png', 1_500_000));

    await waitFor(() => expect(alerts(page!.container)).toContain('The image is larger than 1 MB'));
    expect(content.value).toBe('Arrive early.');
  });
});
