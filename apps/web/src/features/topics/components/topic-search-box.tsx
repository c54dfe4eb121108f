import { CONTENT_LIMITS } from '@abhyas/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box: results follow the typing once it pauses for 300 ms. `value` is the search in
 * the address bar; when it changes from elsewhere (Back, "Clear filters") the box shows it.
 */
export function TopicSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Adjusting state to a changed prop during render (react.dev "You might not need an effect").
    setShown(value);
    setText(value);
  }

  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const searchIfChanged = useEffectEvent((q: string) => {
    if (q.trim() !== value) onSearch(q.trim());
  });
  useEffect(() => searchIfChanged(debounced), [debounced]);

  return (
    <TextField
      type="search"
      name="q"
      label={t('topics.search.label')}
      placeholder={t('topics.search.placeholder')}
      value={text}
      maxLength={CONTENT_LIMITS.searchMax}
      autoComplete="off"
      enterKeyHint="search"
      onChange={(event) => setText(event.target.value)}
    />
  );
}
