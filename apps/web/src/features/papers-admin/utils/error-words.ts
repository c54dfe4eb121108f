import type { ErrorDetail } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';

const SECTION_RULE = /^sections\.(\d+)\.rules\.(\d+)(?:\.|$)/;
const SECTION = /^sections\.(\d+)(?:\.|$)/;

/** Where a detail's field is, in the editor's words ("Section 1, rule 2"), or null for the test's own fields. */
function placeOf(field: string): string | null {
  const rule = SECTION_RULE.exec(field);
  if (rule) return t('testEditor.where.rule', { section: Number(rule[1]) + 1, rule: Number(rule[2]) + 1 });
  const section = SECTION.exec(field);
  if (section) return t('testEditor.where.section', { section: Number(section[1]) + 1 });
  return null;
}

/**
 * The server's refusal said without its field paths: each message after the section and rule it is
 * about ("Section 1, rule 1: …"), for the toast and the form's summary line.
 */
export function detailsInWords(details: readonly ErrorDetail[]): string {
  return details
    .map((d) => {
      const place = d.field ? placeOf(d.field) : null;
      return place ? `${place}: ${d.message}` : d.message;
    })
    .join('; ');
}
