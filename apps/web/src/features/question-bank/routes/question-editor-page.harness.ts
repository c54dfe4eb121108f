import type { QuestionInput } from '@abhyas/contracts';
import { fakeApi, type FakeHandler } from '@/testing/fake-api';
import { adminQuestion, adminTopic, media, questionVersionSummary } from '@/testing/fixtures';
import { getButton } from '@/testing/render';
import { QuestionEditorPage } from './question-editor-page';

/** What the question editor's page tests share: its routes, the bank's topics and the API as the page uses it. */
export const routes = [
  { path: '/admin/questions/new', Component: QuestionEditorPage },
  { path: '/admin/questions/:id/edit', Component: QuestionEditorPage },
];

export const topics = [
  adminTopic({ id: 't1', slug: 'time-and-work', title: 'Time and work' }),
  adminTopic({ id: 't2', slug: 'mensuration', title: 'Mensuration' }),
  adminTopic({ id: 't3', slug: 'averages', title: 'Averages', status: 'draft' }),
];

export const STEM = 'Question (Markdown)';

// The API as the question editor uses it; a test replaces the handlers it is about.
export function api(overrides: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/admin/topics': () => ({ body: { data: topics } }),
    'POST /api/admin/preview': ({ body }) => ({ body: { html: `<p>${(body as { content: string }).content}</p>` } }),
    'POST /api/admin/media': () => ({ status: 201, body: { data: media() } }),
    'GET /api/admin/questions/q1/versions': () => ({ body: { data: [questionVersionSummary()] } }),
    'POST /api/admin/questions/bulk': () => ({ body: { affected: 1, archived: 0 } }),
    'POST /api/admin/questions': ({ body }) => {
      const input = body as QuestionInput;
      const topic = topics.find((t) => t.id === input.topicId);
      return { status: 201, body: { data: adminQuestion({ id: 'q-new', stem: input.stem, topic: topic ? { id: topic.id, slug: topic.slug, title: topic.title } : null }) } };
    },
    ...overrides,
  });
}

/** The hidden file input behind a field's "Insert image" button. */
export function imagePicker(scope: ParentNode, field: string): HTMLInputElement {
  const box = getButton(scope, `Insert image into ${field}`).closest('div')?.parentElement;
  const input = box?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error(`No image picker for ${field}`);
  return input;
}
