import { QUESTION_DIFFICULTIES } from '@abhyas/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useCategoryChoices } from '../api/get-category-choices';
import type { Difficulty, PathErrors, RuleDraft, SectionAction } from '../utils/test-draft';
import { FieldMessage } from './checkbox-field';
import { TopicSelect } from './topic-select';

/** A section's blueprint: rules, each drawing a number of published questions matching a category, topic and difficulty. */
export function RulesEditor({ sectionKey, index, rules, errors, onEdit }: { sectionKey: string; index: number; rules: RuleDraft[]; errors: PathErrors; onEdit: (action: SectionAction) => void }) {
  const path = (r: number, field: string) => `sections.${index}.rules.${r}.${field}`;
  const categories = useCategoryChoices();
  const listId = `${useId()}-categories`;
  return (
    <div className="flex flex-col gap-4">
      {/* The bank's categories as suggestions: a rule may still name one the bank does not have yet. */}
      <datalist id={listId}>
        {(categories.data ?? []).map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('testEditor.rules.hint')}</p>
      <ol className="flex flex-col gap-4">
        {rules.map((rule, r) => (
          <li key={rule.key} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex items-center justify-between gap-2">
              <p className="font-semibold text-slate-800 dark:text-slate-200">{t('testEditor.rules.rule', { number: r + 1 })}</p>
              <Button variant="ghost" className="px-3 text-sm" disabled={rules.length === 1} onClick={() => onEdit({ kind: 'removeRule', key: sectionKey, ruleKey: rule.key })}>
                {t('testEditor.rules.remove')}
                <span className="sr-only"> {t('testEditor.rules.rule', { number: r + 1 })}</span>
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                name={path(r, 'category')}
                label={t('testEditor.rules.category')}
                hint={t('testEditor.rules.categoryHint')}
                value={rule.category}
                list={listId}
                autoComplete="off"
                onChange={(event) => onEdit({ kind: 'patchRule', key: sectionKey, ruleKey: rule.key, patch: { category: event.target.value } })}
                error={errors[path(r, 'category')]}
              />
              <TopicSelect
                name={path(r, 'topic')}
                label={t('testEditor.rules.topic')}
                value={rule.topic}
                onChange={(topic) => onEdit({ kind: 'patchRule', key: sectionKey, ruleKey: rule.key, patch: { topic } })}
                error={errors[path(r, 'topic')]}
              />
              <SelectField
                name={path(r, 'difficulty')}
                label={t('testEditor.rules.difficulty')}
                value={rule.difficulty}
                onChange={(event) => onEdit({ kind: 'patchRule', key: sectionKey, ruleKey: rule.key, patch: { difficulty: event.target.value as Difficulty | '' } })}
                options={[{ value: '', label: t('testEditor.any') }, ...QUESTION_DIFFICULTIES.map((d) => ({ value: d, label: t(`questions.difficulty.${d}`) }))]}
                error={errors[path(r, 'difficulty')]}
              />
              <TextField
                name={path(r, 'count')}
                type="number"
                inputMode="numeric"
                min={1}
                label={t('testEditor.rules.count')}
                value={rule.count}
                onChange={(event) => onEdit({ kind: 'patchRule', key: sectionKey, ruleKey: rule.key, patch: { count: event.target.value } })}
                error={errors[path(r, 'count')]}
              />
            </div>
          </li>
        ))}
      </ol>
      <FieldMessage message={errors[`sections.${index}.rules`]} />
      <Button variant="secondary" className="self-start px-3 text-sm" onClick={() => onEdit({ kind: 'addRule', key: sectionKey })}>
        <span aria-hidden="true">+</span>
        {t('testEditor.rules.add')}
      </Button>
    </div>
  );
}
