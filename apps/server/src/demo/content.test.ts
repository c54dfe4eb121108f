import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/helpers.js';
import { systemClock } from '../lib/clock.js';
import { findPublishedBlogBySlug } from '../modules/blogs/blogs.repo.js';
import { findPublishedBlog } from '../modules/blogs/blogs.service.js';
import { findPublishedTopic, findTopics } from '../modules/topics/topics.service.js';
import { DEMO_CONTENT_DIR, seedDemoContent } from './content.js';

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

  it('publishes the Hindi demo blogs and topics, each linked to its English page', { timeout: 30_000 }, async () => {
    await seedDemoContent(handle.db, systemClock, DEMO_CONTENT_DIR);
    const deps = { db: handle.db, clock: systemClock };
    const pairs = [
      ['blog', 'how-negative-marking-really-works', 'nakaratmak-ankan-kaise-kaam-karta-hai'],
      ['blog', 'time-management-in-a-computer-based-test', 'cbt-mein-samay-prabandhan'],
      ['topic', 'percentages-and-percentage-change', 'pratishat-aur-pratishat-parivartan'],
      ['topic', 'time-and-work', 'samay-aur-karya'],
    ] as const;
    for (const [kind, english, hindi] of pairs) {
      const find = kind === 'blog' ? findPublishedBlog : findPublishedTopic;
      const hi = await find(deps, hindi);
      expect(hi, hindi).toMatchObject({ language: 'hi', translations: [{ language: 'en', slug: english }] });
      expect(hi!.title).toMatch(/[\u0900-\u097F]/);
      expect(hi!.contentHtml).toContain('role="math"');
      expect(await find(deps, english)).toMatchObject({ language: 'en', translations: [{ language: 'hi', slug: hindi }] });
    }
    // The Hindi blog shows the English one's cover.
    const covers = await Promise.all(['how-negative-marking-really-works', 'nakaratmak-ankan-kaise-kaam-karta-hai'].map((slug) => findPublishedBlog(deps, slug)));
    expect(covers[1]!.coverImageUrl).toBe(covers[0]!.coverImageUrl);
  });

  it('names the file whose front matter is broken', async () => {
    await expect(seedDemoContent(handle.db, systemClock, join(FIXTURES, 'bad-content'))).rejects.toThrow(/broken\.md: no front matter/);
  });
});
