import { QUESTION_DIFFICULTIES } from '@abhyas/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { BANK_PAGE_SIZE, useBankQuestions } from '../api/get-bank-questions';
import type { BankFilters } from '../api/test-keys';
import { htmlToText } from '../utils/html-text';
import type { SectionAction } from '../utils/test-draft';
import { FieldMessage } from './checkbox-field';
import { TopicSelect } from './topic-select';

export const PICKER_DEBOUNCE_MS = 350;

export interface QuestionPickerProps {
  sectionKey: string;
  sectionTitle: string;
  chosen: string[];
  /** Questions chosen in the test's other sections: a question appears once in a test. */
  elsewhere: ReadonlySet<string>;
  labels: Readonly<Record<string, string>>;
  onSeen: (labels: Record<string, string>) => void;
  onEdit: (action: SectionAction) => void;
  error: string | undefined;
}

/** The section's fixed list: find published questions with the bank's filters, tick them, order what is chosen. */
export function QuestionPicker({ sectionKey, sectionTitle, chosen, elsewhere, labels, onSeen, onEdit, error }: QuestionPickerProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [filters, setFilters] = useState<Omit<BankFilters, 'search' | 'category'>>({ topic: '', difficulty: '', page: 1 });
  const debouncedSearch = useDebouncedValue(search.trim(), PICKER_DEBOUNCE_MS);
  const debouncedCategory = useDebouncedValue(category.trim(), PICKER_DEBOUNCE_MS);
  const query: BankFilters = { ...filters, search: debouncedSearch, category: debouncedCategory };
  const bank = useBankQuestions(query);
  const page = bank.data;

  useEffect(() => {
    if (page) onSeen(Object.fromEntries(page.data.map((q) => [q.id, htmlToText(q.stemHtml)])));
  }, [page, onSeen]);

  const patch = (next: Partial<typeof filters>) => setFilters((current) => ({ ...current, ...next, page: next.page ?? 1 }));
  const chosenSet = new Set(chosen);
  const pages = page ? Math.max(1, Math.ceil(page.total / BANK_PAGE_SIZE)) : 1;
  const label = (id: string) => labels[id] ?? t('testEditor.picker.unknown', { id });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p className="font-semibold text-slate-800 dark:text-slate-200">{t('testEditor.picker.chosen', { count: chosen.length })}</p>
        {chosen.length > 0 && (
          <ol className="flex max-h-80 flex-col divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
            {chosen.map((id, i) => (
              <li key={id} className="flex flex-wrap items-center gap-2 p-2 text-sm">
                <span className="min-w-0 flex-1 break-words text-slate-800 dark:text-slate-200">
                  {i + 1}. {label(id)}
                </span>
                <span className="flex gap-1">
                  <Button variant="ghost" className="px-2 text-sm" disabled={i === 0} onClick={() => onEdit({ kind: 'moveQuestion', key: sectionKey, questionId: id, by: -1 })}>
                    <span aria-hidden="true">↑</span>
                    <span className="sr-only">{t('testEditor.picker.up', { number: i + 1 })}</span>
                  </Button>
                  <Button variant="ghost" className="px-2 text-sm" disabled={i === chosen.length - 1} onClick={() => onEdit({ kind: 'moveQuestion', key: sectionKey, questionId: id, by: 1 })}>
                    <span aria-hidden="true">↓</span>
                    <span className="sr-only">{t('testEditor.picker.down', { number: i + 1 })}</span>
                  </Button>
                  <Button variant="ghost" className="px-2 text-sm" onClick={() => onEdit({ kind: 'toggleQuestion', key: sectionKey, questionId: id })}>
                    {t('testEditor.picker.remove')}
                    <span className="sr-only"> {t('testEditor.picker.questionNumber', { number: i + 1 })}</span>
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        )}
        <FieldMessage message={error} />
      </div>

      <div role="search" aria-label={t('testEditor.picker.filters', { section: sectionTitle || t('testEditor.section.untitled') })} className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('testEditor.picker.search')} type="search" value={search} autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
        <TextField label={t('testEditor.picker.category')} value={category} autoComplete="off" onChange={(event) => setCategory(event.target.value)} />
        <TopicSelect label={t('testEditor.picker.topic')} value={filters.topic} onChange={(topic) => patch({ topic })} />
        <SelectField
          label={t('testEditor.picker.difficulty')}
          value={filters.difficulty}
          onChange={(event) => patch({ difficulty: event.target.value as BankFilters['difficulty'] })}
          options={[{ value: '', label: t('testEditor.any') }, ...QUESTION_DIFFICULTIES.map((d) => ({ value: d, label: t(`questions.difficulty.${d}`) }))]}
        />
      </div>

      {bank.isError && <QueryError message={errorMessage(bank.error, t('errors.generic'))} retryLabel={t('content.retry')} onRetry={() => void bank.refetch()} retrying={bank.isFetching} />}
      {bank.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {page &&
        (page.data.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t('testEditor.picker.none')}</p>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('testEditor.picker.found', { count: page.total })}</p>
            <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
              {page.data.map((q) => {
                const text = htmlToText(q.stemHtml) || t('questions.list.noStem');
                const taken = elsewhere.has(q.id);
                return (
                  <li key={q.id}>
                    <label className="flex min-h-11 cursor-pointer items-start gap-3 p-3 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-5 shrink-0 accent-indigo-600"
                        checked={chosenSet.has(q.id)}
                        disabled={taken}
                        onChange={() => onEdit({ kind: 'toggleQuestion', key: sectionKey, questionId: q.id })}
                      />
                      <span className="flex min-w-0 flex-col gap-1">
                        <span className="break-words text-slate-900 dark:text-white">{text}</span>
                        <span className="text-slate-600 dark:text-slate-400">
                          {[q.categoryPath, t(`questions.difficulty.${q.difficulty}`), t(`questions.type.${q.type}`), taken ? t('testEditor.picker.inOtherSection') : null].filter(Boolean).join(' · ')}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {pages > 1 && <Pagination page={filters.page} pages={pages} onPage={(p) => patch({ page: p })} busy={bank.isFetching} />}
          </>
        ))}
    </div>
  );
}
