import { useEffect, useState } from 'react';

/** The longest a page waits for the Devanagari face before showing its text in the fallback. */
const WAIT_MS = 1500;
const ready = new Set<string>();

/**
 * Whether the page may show text in `language` now: at once for English; for Hindi once the
 * self-hosted Devanagari face has loaded (or `WAIT_MS` passed), so an article written in Hindi is
 * laid out once, in its own face, rather than shifting when the face arrives.
 */
export function useFontReady(language: string | undefined): boolean {
  const needed = language === 'hi' && typeof document !== 'undefined' && 'fonts' in document;
  const [loaded, setLoaded] = useState(() => ready.has('hi'));
  useEffect(() => {
    if (!needed || loaded) return;
    let cancelled = false;
    const finish = () => {
      ready.add('hi');
      if (!cancelled) setLoaded(true);
    };
    const timer = setTimeout(finish, WAIT_MS);
    document.fonts.load('1em "Abhyas Devanagari"', 'अ').then(finish, finish);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [needed, loaded]);
  return !needed || loaded;
}
