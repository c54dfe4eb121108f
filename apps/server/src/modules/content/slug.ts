import { CONTENT_LIMITS } from '@abhyas/contracts';
import { newId } from '../../lib/ids.js';

/** A URL slug from a title: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_LIMITS.slugMax - 8)
    .replace(/-+$/, '');
  // A title in another script (Hindi, say) leaves nothing: fall back to a short unique slug.
  return slug || `post-${newId().slice(-8)}`;
}

/** The candidates tried, in order, when a generated slug is taken: base, base-2, base-3… */
export function slugCandidates(base: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? base : `${base}-${i + 1}`));
}
