import type { TopicInput } from '@abhyas/contracts';
import type { Db } from '../src/db/index.js';
import type { Clock } from '../src/lib/clock.js';
import { systemClock } from '../src/lib/clock.js';
import { createBlog, setBlogPublished } from '../src/modules/blogs/blogs.service.js';
import { createTopic, setTopicPublished } from '../src/modules/topics/topics.service.js';
import { createUser } from './factories.js';

let n = 0;

/** A blog through the real service, published unless `draft` is set. */
export async function makeBlog(db: Db, opts: { title?: string; content?: string; tags?: string[]; draft?: boolean; clock?: Clock } = {}) {
  n += 1;
  const deps = { db, clock: opts.clock ?? systemClock };
  const author = await createUser(db, { role: 'editor', name: 'Meera Iyer' });
  const blog = await createBlog(deps, author, {
    title: opts.title ?? `Blog number ${n}`,
    content: opts.content ?? `## Section\n\nBody of blog ${n}.`,
    tags: opts.tags ?? ['strategy'],
  });
  return opts.draft ? blog : setBlogPublished(deps, blog.id, true);
}

/** A topic through the real service, published unless `draft` is set. */
export async function makeTopic(db: Db, input: Partial<TopicInput> & { draft?: boolean } = {}) {
  n += 1;
  const deps = { db, clock: systemClock };
  const { draft, ...fields } = input;
  const topic = await createTopic(deps, {
    title: `Topic number ${n}`,
    content: `Content of topic ${n}.`,
    category: 'SSC',
    difficulty: 'Beginner',
    tags: [],
    ...fields,
  } as never);
  return draft ? topic : setTopicPublished(deps, topic.id, true);
}
