import type { LazyCatalogues } from '../catalogues';

/**
 * The Hindi catalogues, one per English one with the same keys. Every one is loaded on demand (the
 * shell's words too, before the first page shows in Hindi), so a reader of English never downloads them.
 */
export const hindi = {
  common: () => import('./common'),
  home: () => import('./home'),
  location: () => import('./location'),
  admin: () => import('./admin'),
  ads: () => import('./ads'),
  analytics: () => import('./analytics'),
  audit: () => import('./audit'),
  auth: () => import('./auth'),
  blogs: () => import('./blogs'),
  challenges: () => import('./challenges'),
  'challenges-admin': () => import('./challenges-admin'),
  contests: () => import('./contests'),
  'contests-admin': () => import('./contests-admin'),
  editor: () => import('./editor'),
  exam: () => import('./exam'),
  media: () => import('./media'),
  notices: () => import('./notices'),
  papers: () => import('./papers'),
  'papers-admin': () => import('./papers-admin'),
  practice: () => import('./practice'),
  profile: () => import('./profile'),
  'question-bank': () => import('./question-bank'),
  topics: () => import('./topics'),
  users: () => import('./users'),
} satisfies LazyCatalogues;
