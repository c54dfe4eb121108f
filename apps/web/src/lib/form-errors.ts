import type { ErrorDetail, Language } from '@abhyas/contracts';
import { getLocale, subscribeLocale } from '@/i18n/i18n';
import { inLanguage, loadMessageLanguage } from './message-language';

// The Hindi of the schemas' messages (the same the server answers with) comes with the first page
// that has a form, and with a switch of language after it: no page without a form downloads it.
void loadMessageLanguage(getLocale());
subscribeLocale(() => void loadMessageLanguage(getLocale()));

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * First validation message per top-level field, from zod issues, in the UI's language: the
 * contracts' schemas write their messages in English, and the server's are already in it.
 */
export function issuesToFieldErrors(issues: readonly Issue[], language: Language = getLocale()): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = inLanguage(issue.message, language);
  }
  return errors;
}

/** First validation message per full field path (`sections.1.rules.0.count`), in the UI's language. */
export function issuesToPathErrors(issues: readonly Issue[], language: Language = getLocale()): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= inLanguage(issue.message, language);
  return errors;
}

/** First message per field from an API error's `details` ([{ field, message }]). */
export function detailsToFieldErrors(details: readonly ErrorDetail[]): FieldErrors {
  return issuesToFieldErrors(details.map((d) => ({ path: d.field.split('.'), message: d.message })));
}

/** Reads a form's text entries as a plain object of strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

/** Moves focus to the first field (in form order) that has an error, so keyboard users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name] !== undefined && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}
