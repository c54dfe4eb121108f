import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { blogInputSchema, LANGUAGES, topicInputSchema } from '@abhyas/contracts';
import YAML from 'yaml';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { createBlog, existingBlogSlugs, findPublishedBlog, setBlogPublished, updateBlogById } from '../modules/blogs/blogs.service.js';
import { createTopic, existingTopicSlugs, setTopicPublished, updateTopicById } from '../modules/topics/topics.service.js';
import { storeDemoImage } from './media.js';

/** Where the demo blogs, topics, covers and ad banners live, next to this file in src and in dist. */
export const DEMO_CONTENT_DIR = join(import.meta.dirname, 'content');

/** An article's language, and the slug of the same article in the other language, linked once both exist. */
const languageMeta = {
  language: z.enum(LANGUAGES).default('en'),
  translationOf: z.string().optional(),
};

const blogMeta = z.object({
  ...languageMeta,
  title: z.string(),
  excerpt: z.string().optional(),
  author: z.string(),
  tags: z.array(z.string()).default([]),
  publishedAt: z.iso.date(),
  /** A file in covers/, stored as media like an uploaded image. */
  cover: z.string().optional(),
  /** A cover somewhere else, used as it is. */
  coverImageUrl: z.string().optional(),
});
const topicMeta = z.object({
  ...languageMeta,
  title: z.string(),
  summary: z.string().optional(),
  category: z.string(),
  difficulty: z.enum(['Beginner', 'Intermediate', 'Advanced']),
  tags: z.array(z.string()).default([]),
  order: z.number().int().default(0),
});

/** Splits a file into its YAML front matter and its Markdown body. */
export function readFrontMatter(text: string, file: string): { meta: unknown; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter between --- lines`);
  return { meta: YAML.parse(match[1]!), body: match[2]!.trim() + '\n' };
}

function markdownFiles(dir: string): { slug: string; text: string; file: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => ({ slug: basename(f, '.md'), file: join(dir, f), text: readFileSync(join(dir, f), 'utf8') }));
}

/** Creates and publishes the demo blogs and topics that are not there yet (matched by slug). */
export async function seedDemoContent(db: Db, clock: Clock, dir = DEMO_CONTENT_DIR): Promise<{ blogs: number; topics: number }> {
  const deps = { db, clock };
  const blogs = markdownFiles(join(dir, 'blogs'));
  const topics = markdownFiles(join(dir, 'topics'));
  const haveBlogs = await existingBlogSlugs(deps, blogs.map((b) => b.slug));
  const haveTopics = await existingTopicSlugs(deps, topics.map((t) => t.slug));
  let createdBlogs = 0;
  let createdTopics = 0;
  // A version in another language may sort before the article it translates: linked once all exist.
  const links: (() => Promise<unknown>)[] = [];

  for (const { slug, text, file } of blogs) {
    const { meta, body } = readFrontMatter(text, file);
    const m = blogMeta.parse(meta);
    const coverImageUrl = m.cover ? await storeDemoImage(deps, join(dir, 'covers', m.cover), `covers/${m.cover}`) : (m.coverImageUrl ?? null);
    if (haveBlogs.has(slug)) {
      await moveOldCover(deps, slug, coverImageUrl);
      continue;
    }
    const input = blogInputSchema.parse({ title: m.title, slug, excerpt: m.excerpt, content: body, coverImageUrl, tags: m.tags, language: m.language });
    const blog = await createBlog(deps, { id: null, name: m.author }, input);
    await setBlogPublished({ db, clock: { now: () => Date.parse(`${m.publishedAt}T06:00:00Z`) } }, blog.id, true);
    if (m.translationOf) links.push(() => updateBlogById(deps, blog.id, { translationOf: m.translationOf }));
    createdBlogs += 1;
  }
  for (const { slug, text, file } of topics) {
    if (haveTopics.has(slug)) continue;
    const { meta, body } = readFrontMatter(text, file);
    const m = topicMeta.parse(meta);
    const input = topicInputSchema.parse({ title: m.title, slug, summary: m.summary, content: body, category: m.category, difficulty: m.difficulty, tags: m.tags, order: m.order, language: m.language });
    const topic = await createTopic(deps, input);
    await setTopicPublished(deps, topic.id, true);
    if (m.translationOf) links.push(() => updateTopicById(deps, topic.id, { translationOf: m.translationOf }));
    createdTopics += 1;
  }
  for (const link of links) await link();
  return { blogs: createdBlogs, topics: createdTopics };
}

/** Demo blogs seeded before covers were stored media point at /covers/, which is no longer served. */
async function moveOldCover(deps: { db: Db; clock: Clock }, slug: string, coverImageUrl: string | null): Promise<void> {
  const blog = await findPublishedBlog(deps, slug);
  if (blog?.coverImageUrl?.startsWith('/covers/') && coverImageUrl) await updateBlogById(deps, blog.id, { coverImageUrl });
}
