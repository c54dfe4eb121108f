import { t } from '@/i18n/i18n';

/** Where in an imported file something was found, as the server reports it. */
export interface ImportPosition {
  line?: number | undefined;
  column?: number | undefined;
  index?: number | undefined;
  element?: string | undefined;
}

/**
 * "question 3 (answer[2])" for Moodle XML (`index` counts from 1; the bare "question" element adds
 * nothing), "line 12" for the text formats (GIFT, Aiken, CSV); '' when the server gave no position.
 */
export function formatImportPosition(position: ImportPosition): string {
  if (position.index !== undefined) {
    const question = t('questions.import.atQuestion', { number: position.index });
    const element = position.element && position.element !== 'question' ? position.element : '';
    return element ? t('questions.import.atElement', { question, element }) : question;
  }
  if (position.line !== undefined) return t('questions.import.atLine', { line: position.line });
  return position.element ?? '';
}

/** The file extensions the import accepts. */
export const IMPORT_ACCEPT = '.gift,.txt,.xml,.csv';
