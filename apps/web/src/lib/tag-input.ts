/**
 * The tags typed into the editor's comma-separated field, trimmed, blanks dropped. Case, duplicates
 * and limits are left to the contracts schema, so a too-long tag is reported rather than lost.
 */
export function parseTagInput(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Tags as the field shows them: "algebra, ssc-cgl". */
export function formatTagInput(tags: readonly string[]): string {
  return tags.join(', ');
}
