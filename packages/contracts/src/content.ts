import { z } from 'zod';
import { safeText } from './text.js';
import { isSiteOrHttpsAddress } from './urls.js';
import { LANGUAGES } from './users.js';

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Exams and skill tracks topics are filed under; editors may add others. */
export const TOPIC_CATEGORIES = [
  'SSC',
  'Banking',
  'UPSC',
  'Railways',
  'JEE',
  'NEET',
  'Artificial Intelligence',
  'Digital Marketing',
  'Web Development',
  'Graphic Design',
] as const;

export const CONTENT_LIMITS = {
  titleMax: 200,
  excerptMax: 500,
  contentMax: 200_000,
  tagMax: 40,
  tagsMax: 10,
  categoryMax: 60,
  searchMax: 100,
  pageSizeMax: 50,
  pageSizeDefault: 20,
  slugMax: 120,
  /** An article named by its id (a UUID) or its slug. */
  articleRefMax: 120,
} as const;

/**
 * Text as it is stored and searched: Unicode NFC, so a word typed with a precomposed character
 * (Devanagari's क़, say) and the same word typed as its parts are one word to search.
 */
export const nfc = (text: string): string => text.normalize('NFC');

const language = z.enum(LANGUAGES, { error: 'Language must be en or hi' });

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(CONTENT_LIMITS.slugMax, { error: `Slug must be at most ${CONTENT_LIMITS.slugMax} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Slug may contain only lower-case letters, digits and single hyphens' });

const tags = z
  .array(safeText('A tag').trim().toLowerCase().min(1, { error: 'Tags cannot be empty' }).max(CONTENT_LIMITS.tagMax, { error: `A tag must be at most ${CONTENT_LIMITS.tagMax} characters` }), {
    error: 'Tags must be a list of words',
  })
  .max(CONTENT_LIMITS.tagsMax, { error: `At most ${CONTENT_LIMITS.tagsMax} tags` })
  .transform((list) => [...new Set(list.map(nfc))]);

const title = safeText('Title', 'Enter a title')
  .trim()
  .min(1, { error: 'Enter a title' })
  .max(CONTENT_LIMITS.titleMax, { error: `Title must be at most ${CONTENT_LIMITS.titleMax} characters` })
  .transform(nfc);

const markdown = safeText('Content')
  .max(CONTENT_LIMITS.contentMax, { error: `Content must be at most ${CONTENT_LIMITS.contentMax} characters` })
  .transform(nfc);

const summary = (label: string) =>
  safeText(label).trim().max(CONTENT_LIMITS.excerptMax, { error: `${label} must be at most ${CONTENT_LIMITS.excerptMax} characters` }).transform(nfc);

/**
 * The same article in the other language, named by its id or its slug; null (or empty) removes
 * the link. Either article may name the other: the two become one article in two languages.
 */
const translationOf = safeText('Translation')
  .trim()
  .max(CONTENT_LIMITS.articleRefMax, { error: 'Name the other article by its id or slug' })
  .transform((v) => (v === '' ? null : v))
  .nullable();

const imageUrl = safeText('Image address')
  .trim()
  .max(2000)
  .refine((v) => v === '' || isSiteOrHttpsAddress(v), { error: 'Use an https:// address or a path on this site' })
  .transform((v) => (v === '' ? null : v));

// ---------- Both kinds ----------

/** Another language's version of an article, as readers are sent to it: published ones only. */
export const translationSchema = z.object({ language: z.enum(LANGUAGES), slug: z.string(), title: z.string() });
export type Translation = z.infer<typeof translationSchema>;

/** Another language's version of an article as editors see it, whatever its status. */
export const adminTranslationSchema = translationSchema.extend({ id: z.string(), status: z.enum(CONTENT_STATUSES) });
export type AdminTranslation = z.infer<typeof adminTranslationSchema>;

/** `?language=` on the public lists: one language's articles; without it, every language's. */
export const languageQuerySchema = z.strictObject({ language: language.optional() });

// ---------- Blogs ----------

/** A blog as lists show it: no full content, a couple of kilobytes at most. */
export const blogListItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  language: z.enum(LANGUAGES),
  excerpt: z.string(),
  coverImageUrl: z.string().nullable(),
  author: z.string(),
  tags: z.array(z.string()),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  readingTimeMinutes: z.number().int(),
});
export type BlogListItem = z.infer<typeof blogListItemSchema>;

/** A published blog with its content rendered to safe HTML, and its published versions in other languages. */
export const blogSchema = blogListItemSchema.extend({ contentHtml: z.string(), translations: z.array(translationSchema) });
export type Blog = z.infer<typeof blogSchema>;

export const blogListResponseSchema = z.object({ data: z.array(blogListItemSchema) });
export const blogResponseSchema = z.object({ data: blogSchema });

// ---------- Topics ----------

export const topicListItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  language: z.enum(LANGUAGES),
  summary: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  difficulty: z.enum(DIFFICULTIES),
  order: z.number().int(),
  publishedAt: z.string().nullable(),
  readingTimeMinutes: z.number().int(),
});
export type TopicListItem = z.infer<typeof topicListItemSchema>;

export const topicSchema = topicListItemSchema.extend({ contentHtml: z.string(), updatedAt: z.string(), translations: z.array(translationSchema) });
export type Topic = z.infer<typeof topicSchema>;

export const topicListResponseSchema = z.object({ data: z.array(topicListItemSchema) });
export const topicResponseSchema = z.object({ data: topicSchema });

/** The filter for POST /topics/all (docs/PRODUCT.md §4); any other field is refused. */
export const topicFilterSchema = z.strictObject({
  search: safeText('Search')
    .trim()
    .max(CONTENT_LIMITS.searchMax, { error: `Search must be at most ${CONTENT_LIMITS.searchMax} characters` })
    .transform(nfc)
    .optional(),
  language: language.optional(),
  category: safeText('Category').trim().max(CONTENT_LIMITS.categoryMax).optional(),
  tags: z
    .array(safeText('A tag', 'Tags must be text').trim().toLowerCase().max(CONTENT_LIMITS.tagMax), { error: 'Tags must be a list' })
    .max(CONTENT_LIMITS.tagsMax, { error: `At most ${CONTENT_LIMITS.tagsMax} tags` })
    .optional(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be Beginner, Intermediate or Advanced' }).optional(),
  page: z.number({ error: 'Page must be a number' }).int({ error: 'Page must be a whole number' }).min(1, { error: 'Page starts at 1' }).max(10_000).optional(),
  pageSize: z
    .number({ error: 'Page size must be a number' })
    .int({ error: 'Page size must be a whole number' })
    .min(1, { error: 'Page size must be at least 1' })
    .max(CONTENT_LIMITS.pageSizeMax, { error: `Page size must be at most ${CONTENT_LIMITS.pageSizeMax}` })
    .optional(),
});
export type TopicFilter = z.input<typeof topicFilterSchema>;

export const topicPageSchema = z.object({
  data: z.array(topicListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TopicPage = z.infer<typeof topicPageSchema>;

// ---------- Editing (editor and admin) ----------

export const blogInputSchema = z.strictObject({
  title,
  slug: slug.optional(),
  excerpt: summary('Excerpt').optional(),
  content: markdown,
  coverImageUrl: imageUrl.nullable().optional(),
  tags: tags.optional(),
  language: language.optional(),
  translationOf: translationOf.optional(),
});
export type BlogInput = z.input<typeof blogInputSchema>;
export const blogPatchSchema = blogInputSchema.partial();
export type BlogPatch = z.input<typeof blogPatchSchema>;

export const topicInputSchema = z.strictObject({
  title,
  slug: slug.optional(),
  summary: summary('Summary').optional(),
  content: markdown,
  category: safeText('Category', 'Choose a category').trim().min(1, { error: 'Choose a category' }).max(CONTENT_LIMITS.categoryMax).transform(nfc),
  tags: tags.optional(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be Beginner, Intermediate or Advanced' }),
  order: z.number().int().min(0).max(100_000).optional(),
  language: language.optional(),
  translationOf: translationOf.optional(),
});
export type TopicInput = z.input<typeof topicInputSchema>;
export const topicPatchSchema = topicInputSchema.partial();
export type TopicPatch = z.input<typeof topicPatchSchema>;

/** What editors see: the Markdown source, the status and the linked versions in other languages, besides the list fields. */
export const adminBlogSchema = blogListItemSchema.extend({ content: z.string(), status: z.enum(CONTENT_STATUSES), createdAt: z.string(), translations: z.array(adminTranslationSchema) });
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export const adminTopicSchema = topicListItemSchema.extend({
  content: z.string(),
  status: z.enum(CONTENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  translations: z.array(adminTranslationSchema),
});
export type AdminTopic = z.infer<typeof adminTopicSchema>;

export const adminBlogListSchema = z.object({ data: z.array(adminBlogSchema) });
export const adminBlogResponseSchema = z.object({ data: adminBlogSchema });
export const adminTopicListSchema = z.object({ data: z.array(adminTopicSchema) });
export const adminTopicResponseSchema = z.object({ data: adminTopicSchema });

/** Renders Markdown exactly as candidates will see it, for the editor's live preview. */
export const previewRequestSchema = z.strictObject({ content: markdown });
export const previewResponseSchema = z.object({ html: z.string() });
