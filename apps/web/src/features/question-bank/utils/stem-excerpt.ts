import { markdownToText } from './markdown-text';

/** A one-line plain-text excerpt of a question's Markdown stem, for lists. */
export function stemExcerpt(stem: string, max = 140): string {
  const plain = markdownToText(stem);
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
