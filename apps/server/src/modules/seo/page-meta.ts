import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PageMeta } from '../../lib/html-meta.js';
import { findPublishedBlog } from '../blogs/blogs.service.js';
import { findPublishedTopic } from '../topics/topics.service.js';

export const SITE_NAME = 'Abhyas';
const DEFAULT_TITLE = 'Abhyas — MCQ practice, mock tests and contests';
const DEFAULT_DESCRIPTION =
  'Test preparation made simple: practise MCQs by topic, take timed mock tests, join contests and read study blogs.';

/** A page's address on this site: always under PUBLIC_URL, whatever the path looks like. */
const onSite = (publicUrl: string, path: string) => `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
/** An image's address: an https URL stays as it is, a site path goes under PUBLIC_URL. */
const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : onSite(publicUrl, path));

/** The site-wide defaults (docs/PRODUCT.md §3), with absolute URLs. */
export function defaultMeta(publicUrl: string, path: string): PageMeta {
  return { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonical: onSite(publicUrl, path), image: absolute(publicUrl, '/og-image.png'), type: 'website' };
}

/**
 * The metadata of a blog or topic page, or null when the path names no published one.
 * Undefined means the path is not an article path at all.
 */
export async function articleMeta(deps: { db: Db; clock: Clock }, publicUrl: string, path: string): Promise<PageMeta | null | undefined> {
  const match = /^\/(blogs|topics)\/([a-z0-9-]{1,120})\/?$/.exec(path);
  if (!match) return undefined;
  const [, kind, slug] = match as unknown as [string, 'blogs' | 'topics', string];
  const canonical = onSite(publicUrl, `/${kind}/${slug}`);
  if (kind === 'blogs') {
    const blog = await findPublishedBlog(deps, slug);
    if (!blog) return null;
    const image = absolute(publicUrl, blog.coverImageUrl ?? '/og-image.png');
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
        datePublished: blog.publishedAt ?? undefined,
        dateModified: blog.updatedAt,
        author: { '@type': 'Person', name: blog.author },
        publisher: { '@type': 'Organization', name: SITE_NAME, logo: { '@type': 'ImageObject', url: absolute(publicUrl, '/favicon.svg') } },
        mainEntityOfPage: canonical,
      },
    };
  }
  const topic = await findPublishedTopic(deps, slug);
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
      keywords: topic.tags,
      datePublished: topic.publishedAt ?? undefined,
      dateModified: topic.updatedAt,
      author: { '@type': 'Organization', name: SITE_NAME },
      publisher: { '@type': 'Organization', name: SITE_NAME },
      mainEntityOfPage: canonical,
    },
  };
}
