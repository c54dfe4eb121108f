import type { Language } from '@abhyas/contracts';

type Localize = (message: string, language: Language) => string;
let localize: Localize | null = null;

/**
 * Loads the Hindi of the contracts' and the server's messages (the same the server answers with)
 * once, when the app is first shown in Hindi: a reader of English never downloads it.
 */
export async function loadMessageLanguage(language: Language): Promise<void> {
  if (language === 'en' || localize) return;
  localize = (await import('@abhyas/contracts/localize')).localizeMessage;
}

/** A message of the contracts' or the server's, in `language` once its words are loaded. */
export function inLanguage(message: string, language: Language): string {
  return language === 'en' || !localize ? message : localize(message, language);
}
