import { QUESTION_DIFFICULTIES, QUESTION_LANGUAGES, QUESTION_STATUSES, QUESTION_TYPES } from '@abhyas/contracts';
import { useEffect, useRef, useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { LanguageFilter, QuestionDifficulty, QuestionFilters, QuestionStatus } from '../utils/question-filters';
import { TopicSelectField } from './topic-select-field';
import type { QuestionType } from '@abhyas/contracts';

export const FILTER_DEBOUNCE_MS = 350;

/** A text filter that reports its value once typing pauses, and follows the address bar. */
function DebouncedText({ label, value, onChange, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; type?: string }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Back/forward (or a reset) changes the address: show what it says.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const debounced = useDebouncedValue(text, FILTER_DEBOUNCE_MS);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  const settled = debounced.trim();
  useEffect(() => {
    // Only a settled change of the text is reported, and only when it differs from the address.
    if (settled !== shown && settled === text.trim()) report.current(settled);
  }, [settled, shown, text]);
  return <TextField label={label} type={type} value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />;
}

/** Search, category, topic, type, difficulty, status, tag and language; every change lands in the address bar. */
export function QuestionFiltersBar({ filters, onChange }: { filters: QuestionFilters; onChange: (patch: Partial<QuestionFilters>) => void }) {
  const any = { value: '', label: t('questions.filter.any') };
  return (
    <div role="search" className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label={t('questions.filter.label')}>
      <div className="col-span-2">
        <DebouncedText label={t('questions.filter.search')} type="search" value={filters.search} onChange={(search) => onChange({ search })} />
      </div>
      <DebouncedText label={t('questions.filter.category')} value={filters.category} onChange={(category) => onChange({ category })} />
      <TopicSelectField by="slug" label={t('questions.filter.topic')} value={filters.topic} onChange={(topic) => onChange({ topic })} emptyLabel={any.label} />
      <SelectField
        label={t('questions.field.type')}
        value={filters.type}
        onChange={(event) => onChange({ type: event.target.value as QuestionType | '' })}
        options={[any, ...QUESTION_TYPES.map((type) => ({ value: type, label: t(`questions.type.${type}`) }))]}
      />
      <SelectField
        label={t('questions.field.difficulty')}
        value={filters.difficulty}
        onChange={(event) => onChange({ difficulty: event.target.value as QuestionDifficulty | '' })}
        options={[any, ...QUESTION_DIFFICULTIES.map((d) => ({ value: d, label: t(`questions.difficulty.${d}`) }))]}
      />
      <SelectField
        label={t('questions.filter.status')}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as QuestionStatus | '' })}
        options={[any, ...QUESTION_STATUSES.map((s) => ({ value: s, label: t(`editor.status.${s}`) }))]}
      />
      <DebouncedText label={t('questions.filter.tag')} value={filters.tag} onChange={(tag) => onChange({ tag })} />
      <SelectField
        label={t('questions.filter.language')}
        value={filters.language}
        onChange={(event) => onChange({ language: event.target.value as LanguageFilter | '' })}
        options={[
          any,
          ...QUESTION_LANGUAGES.map((language) => ({ value: language, label: t(`questions.language.${language}`) })),
          { value: 'both', label: t('questions.filter.bilingual') },
        ]}
      />
    </div>
  );
}
