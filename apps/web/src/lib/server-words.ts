import { reasonIn } from '@abhyas/contracts/reasons';
import { getLocale } from '@/i18n/i18n';

/**
 * A text the server wrote in English into an answer (why registration is closed, why challenges
 * are not open yet), in the UI's language, from the same Hindi as the server's error messages.
 */
export function serverWords(text: string): string;
export function serverWords(text: string | null): string | null;
export function serverWords(text: string | null): string | null {
  return text === null ? null : reasonIn(text, getLocale());
}
