import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { findPublishedBlogBySlug } from '../modules/blogs/blogs.repo.js';
import { findTopics } from '../modules/topics/topics.service.js';
import { seedDemoContent } from './content.js';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures');
let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle.dispose());

describe('demo content loader', () => {
  it('creates and publishes each file once, with its front matter', async () => {
    const dir = join(FIXTURES, 'content');
    expect(await seedDemoContent(handle.db, systemClock, dir)).toEqual({ blogs: 1, topics: 1 });
    expect(await seedDemoContent(handle.db, systemClock, dir)).toEqual({ blogs: 0, topics: 0 });
    const blog = await findPublishedBlogBySlug(handle.db, 'first-steps');
    expect(blog).toMatchObject({ title: 'First steps with a study plan', author_name: 'Arjun Menon', author_id: null, cover_image_url: '/covers/first-steps.svg' });
    expect(new Date(blog!.published_at!).toISOString()).toBe('2026-07-14T06:00:00.000Z');
    const page = await findTopics({ db: handle.db, clock: systemClock }, { tags: ['ratio'] });
    expect(page.data).toMatchObject([{ slug: 'ratio-basics', category: 'SSC', difficulty: 'Beginner', order: 10 }]);
  });

  it('names the file whose front matter is broken', async () => {
    await expect(seedDemoContent(handle.db, systemClock, join(FIXTURES, 'bad-content'))).rejects.toThrow(/broken\.md: no front matter/);
  });
});
