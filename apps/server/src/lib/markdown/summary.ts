import { plainExcerpt } from './markdown.js';

/**
 * The excerpt (or summary) after an edit: an explicit value wins, an emptied one is made from the
 * content, and one that was made from the old content follows the new content; a hand-written one
 * stays. Undefined means unchanged.
 */
export function nextSummary(current: string, currentContent: string, given: string | undefined, content: string | undefined): string | undefined {
  if (given !== undefined) return given || plainExcerpt(content ?? currentContent);
  if (content !== undefined && current === plainExcerpt(currentContent)) return plainExcerpt(content);
  return undefined;
}
