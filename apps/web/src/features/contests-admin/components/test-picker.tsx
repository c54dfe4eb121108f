import { useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTestChoices } from '../api/get-test-choices';

/** Chooses the test a contest runs from the editor's tests, with a title search; the chosen test stays listed whatever the search. */
export function TestPicker({ value, currentTitle, onChange, error }: { value: string; currentTitle: string | null; onChange: (id: string) => void; error?: string | undefined }) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const choices = useTestChoices(settled);
  const tests = choices.data ?? [];
  const listed = tests.some((test) => test.id === value);
  const options = [
    { value: '', label: choices.isPending ? t('contestEditor.test.loading') : t('contestEditor.test.choose') },
    ...(value && !listed ? [{ value, label: currentTitle ?? value }] : []),
    ...tests.map((test) => ({ value: test.id, label: t('contestEditor.test.option', { title: test.title, count: test.questionCount, minutes: test.durationMinutes }) })),
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label={t('contestEditor.test.search')} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      <SelectField name="testId" label={t('contestEditor.field.test')} hint={t('contestEditor.field.testHint')} value={value} onChange={(e) => onChange(e.target.value)} options={options} error={error ?? (choices.isError ? t('contestEditor.test.fetchFailed') : undefined)} />
    </div>
  );
}
