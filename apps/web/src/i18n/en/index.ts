import common from './common';
import home from './home';
import location from './location';

/**
 * The English catalogues, one per feature plus `common` (the shell) and `admin` (the editor frame).
 * Those the main bundle shows are here in full; every other is loaded, with the pages that show it,
 * by `loadCatalogues`. The message keys (`MessageKey`) are derived from this map.
 */
export const english = {
  common,
  home,
  location,
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
};
