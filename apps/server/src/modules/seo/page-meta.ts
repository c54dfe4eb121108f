import type { Db } from '../../db/index.js';
import { toIso } from '../../lib/clock.js';
import { findPublishedBlogBySlug } from '../blogs/blogs.repo.js';
import { findPublishedTopicBySlug } from '../topics/topics.repo.js';
import type { PageMeta } from './html-meta.js';

export const SITE_NAME = 'Abhyas';
const DEFAULT_TITLE = 'Abhyas — MCQ practice, mock tests and contests';
const DEFAULT_DESCRIPTION =
  'Test preparation made simple: practise MCQs by topic, take timed mock tests, join contests and read study blogs.';

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);

/** The site-wide defaults (seed-spec §1), with absolute URLs. */
export function defaultMeta(publicUrl: string, path: string): PageMeta {
  return { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonical: absolute(publicUrl, path), image: absolute(publicUrl, '/og-image.png'), type: 'website' };
}

/**
 * The metadata of a blog or topic page, or null when the path names no published one.
 * Undefined means the path is not an article path at all.
 */
export async function articleMeta(db: Db, publicUrl: string, path: string): Promise<PageMeta | null | undefined> {
  const match = /^\/(blogs|topics)\/([a-z0-9-]{1,120})\/?$/.exec(path);
  if (!match) return undefined;
  const [, kind, slug] = match as unknown as [string, 'blogs' | 'topics', string];
  const canonical = absolute(publicUrl, `/${kind}/${slug}`);
  if (kind === 'blogs') {
    const blog = await findPublishedBlogBySlug(db, slug);
    if (!blog) return null;
    const image = absolute(publicUrl, blog.cover_image_url ?? '/og-image.png');
    return {
      title: `${blog.title} · ${SITE_NAME}`,
      description: blog.excerpt,
      canonical,
      image,
      type: 'article',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: blog.title,
        description: blog.excerpt,
        image: [image],
        datePublished: blog.published_at === null ? undefined : toIso(blog.published_at),
        dateModified: toIso(blog.updated_at),
        author: { '@type': 'Person', name: blog.author_name },
        publisher: { '@type': 'Organization', name: SITE_NAME, logo: { '@type': 'ImageObject', url: absolute(publicUrl, '/favicon.svg') } },
        mainEntityOfPage: canonical,
      },
    };
  }
  const topic = await findPublishedTopicBySlug(db, slug);
  if (!topic) return null;
  const image = absolute(publicUrl, '/og-image.png');
  return {
    title: `${topic.title} · ${topic.category} · ${SITE_NAME}`,
    description: topic.summary,
    canonical,
    image,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: topic.title,
      description: topic.summary,
      image: [image],
      articleSection: topic.category,
      keywords: JSON.parse(topic.tags) as string[],
      datePublished: topic.published_at === null ? undefined : toIso(topic.published_at),
      dateModified: toIso(topic.updated_at),
      author: { '@type': 'Organization', name: SITE_NAME },
      publisher: { '@type': 'Organization', name: SITE_NAME },
      mainEntityOfPage: canonical,
    },
  };
}
