import type { QuestionLanguage } from '@abhyas/contracts';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { sectionQuestions, type PathErrors, type SectionAction, type SectionDraft, type SectionMode } from '../utils/test-draft';
import { FieldMessage } from './checkbox-field';
import { QuestionPicker } from './question-picker';
import { RulesEditor } from './rules-editor';

export interface SectionEditorProps {
  section: SectionDraft;
  index: number;
  count: number;
  /** The languages the test is offered in. */
  testLanguages: readonly QuestionLanguage[];
  errors: PathErrors;
  elsewhere: ReadonlySet<string>;
  labels: Readonly<Record<string, string>>;
  onSeen: (labels: Record<string, string>) => void;
  onEdit: (action: SectionAction) => void;
}

/** One section: its title, marking, time limit and cut-off, then either its fixed questions or its blueprint. */
export function SectionEditor({ section, index, count, testLanguages, errors, elsewhere, labels, onSeen, onEdit }: SectionEditorProps) {
  const path = (field: string) => `sections.${index}.${field}`;
  const name = section.title.trim() || t('testEditor.section.untitled');
  const headingId = `section-${section.key}-heading`;
  const patch = (p: Extract<SectionAction, { kind: 'patch' }>['patch']) => onEdit({ kind: 'patch', key: section.key, patch: p });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
          {t('testEditor.section.heading', { number: index + 1, title: name })}
          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">{t('testEditor.section.questionCount', { count: sectionQuestions(section) })}</span>
        </h3>
        <div className="flex gap-1">
          <Button variant="ghost" className="px-2 text-sm" disabled={index === 0} onClick={() => onEdit({ kind: 'move', key: section.key, by: -1 })}>
            <span aria-hidden="true">↑</span>
            <span className="sr-only">{t('testEditor.section.up', { title: name })}</span>
          </Button>
          <Button variant="ghost" className="px-2 text-sm" disabled={index === count - 1} onClick={() => onEdit({ kind: 'move', key: section.key, by: 1 })}>
            <span aria-hidden="true">↓</span>
            <span className="sr-only">{t('testEditor.section.down', { title: name })}</span>
          </Button>
          <Button variant="danger" className="px-3 text-sm" disabled={count === 1} onClick={() => onEdit({ kind: 'remove', key: section.key })}>
            {t('testEditor.section.remove')}
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      </div>
      <TextField name={path('title')} label={t('testEditor.section.title')} value={section.title} autoComplete="off" onChange={(event) => patch({ title: event.target.value })} error={errors[path('title')]} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name={path('marks')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          label={t('testEditor.section.marks')}
          value={section.marks}
          onChange={(event) => patch({ marks: event.target.value })}
          error={errors[path('marks')]}
        />
        <TextField
          name={path('negativeMarks')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          label={t('testEditor.section.negativeMarks')}
          value={section.negativeMarks}
          onChange={(event) => patch({ negativeMarks: event.target.value })}
          error={errors[path('negativeMarks')]}
        />
        <TextField
          name={path('timeLimitMinutes')}
          type="number"
          inputMode="numeric"
          min={1}
          label={t('testEditor.section.timeLimit')}
          hint={t('testEditor.section.timeLimitHint')}
          value={section.timeLimit}
          onChange={(event) => patch({ timeLimit: event.target.value })}
          error={errors[path('timeLimitMinutes')]}
        />
        <TextField
          name={path('cutOff')}
          type="number"
          inputMode="decimal"
          step="any"
          label={t('testEditor.section.cutOff')}
          hint={t('testEditor.section.cutOffHint')}
          value={section.cutOff}
          onChange={(event) => patch({ cutOff: event.target.value })}
          error={errors[path('cutOff')]}
        />
      </div>
      {/* Offered where it means something: a test in two languages, or a section already set to one. */}
      {(testLanguages.length > 1 || section.language !== '') && (
        <SelectField
          name={path('language')}
          label={t('testEditor.section.language')}
          hint={t('testEditor.section.languageHint')}
          value={section.language}
          onChange={(event) => patch({ language: event.target.value as SectionDraft['language'] })}
          options={[
            { value: '', label: t('testEditor.section.language.test') },
            { value: 'en', label: t('testEditor.section.language.en') },
            { value: 'hi', label: t('testEditor.section.language.hi') },
          ]}
          error={errors[path('language')]}
        />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">{t('testEditor.section.mode')}</legend>
        <div className="flex flex-wrap gap-x-6">
          {(['fixed', 'blueprint'] as SectionMode[]).map((mode) => (
            <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input type="radio" name={`mode-${section.key}`} className="size-5 accent-indigo-600" checked={section.mode === mode} onChange={() => patch({ mode })} />
              {t(`testEditor.section.mode.${mode}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {section.mode === 'fixed' ? (
        <QuestionPicker
          sectionKey={section.key}
          sectionTitle={section.title}
          chosen={section.questionIds}
          elsewhere={elsewhere}
          labels={labels}
          onSeen={onSeen}
          onEdit={onEdit}
          error={errors[path('questionIds')]}
        />
      ) : (
        <RulesEditor sectionKey={section.key} index={index} rules={section.rules} errors={errors} onEdit={onEdit} />
      )}
      <FieldMessage message={errors[`sections.${index}`]} />
    </section>
  );
}
