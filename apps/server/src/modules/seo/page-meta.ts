import type { Language } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PageAlternate, PageMeta } from '../../lib/html-meta.js';
import { findPublishedBlog } from '../blogs/blogs.service.js';
import { findPublishedTopic } from '../topics/topics.service.js';

export const SITE_NAME = 'Abhyas';
/** The site-wide title and description (docs/PRODUCT.md §3), in each language a reader may choose. */
const DEFAULTS: Record<Language, { title: string; description: string }> = {
  en: {
    title: 'Abhyas — MCQ practice, mock tests and contests',
    description: 'Test preparation made simple: practise MCQs by topic, take timed mock tests, join contests and read study blogs.',
  },
  hi: {
    title: 'Abhyas — MCQ अभ्यास, मॉक टेस्ट और प्रतियोगिताएँ',
    description: 'प्रतियोगी परीक्षाओं की तैयारी अब आसान: विषय के अनुसार MCQ का अभ्यास करें, समयबद्ध मॉक टेस्ट दें, प्रतियोगिताओं में भाग लें और तैयारी से जुड़े ब्लॉग पढ़ें।',
  },
};

/** A page's address on this site: always under PUBLIC_URL, whatever the path looks like. */
const onSite = (publicUrl: string, path: string) => `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
/** An image's address: an https URL stays as it is, a site path goes under PUBLIC_URL. */
const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : onSite(publicUrl, path));

/** The site-wide defaults (docs/PRODUCT.md §3) in the reader's language, with absolute URLs. */
export function defaultMeta(publicUrl: string, path: string, language: Language = 'en'): PageMeta {
  return { ...DEFAULTS[language], language, canonical: onSite(publicUrl, path), image: absolute(publicUrl, '/og-image.png'), type: 'website' };
}

type Version = { slug: string; language: Language };

/**
 * Every language version of an article, itself included, for hreflang: none when it has no other
 * published version. `x-default`, the page for readers of any other language, is the English one.
 */
export function articleAlternates(publicUrl: string, kind: 'blogs' | 'topics', self: Version, translations: readonly Version[]): PageAlternate[] {
  if (translations.length === 0) return [];
  const versions = [self, ...translations].sort((a, b) => a.language.localeCompare(b.language));
  const href = (slug: string) => onSite(publicUrl, `/${kind}/${slug}`);
  const fallback = versions.find((v) => v.language === 'en') ?? self;
  return [...versions.map((v) => ({ hreflang: v.language, href: href(v.slug) })), { hreflang: 'x-default' as const, href: href(fallback.slug) }];
}

/**
 * The metadata of a blog or topic page, or null when the path names no published one.
 * Undefined means the path is not an article path at all. The page speaks the article's language.
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
      language: blog.language,
      canonical,
      image,
      type: 'article',
      alternates: articleAlternates(publicUrl, kind, blog, blog.translations),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: blog.title,
        description: blog.excerpt,
        inLanguage: blog.language,
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
    language: topic.language,
    canonical,
    image,
    type: 'article',
    alternates: articleAlternates(publicUrl, kind, topic, topic.translations),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: topic.title,
      description: topic.summary,
      inLanguage: topic.language,
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
