import { EXAM_LIMITS, testInputSchema, type AdminTest, type TestInput } from '@abhyas/contracts';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { EditorFormLayout } from '@/components/admin/editor-form-layout';
import { MarkdownField } from '@/components/admin/markdown-field';
import { PreviewFrame, PreviewHtml } from '@/components/admin/preview-pane';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { usePreview } from '@/lib/markdown-preview';
import { useCreateTest, useUpdateTest } from '../api/save-test';
import { detailsInWords } from '../utils/error-words';
import { detailsToPathErrors, draftFromTest, draftToInput, pathErrors, sectionsReducer, summarise, type PathErrors, type SectionAction, type TestDraft } from '../utils/test-draft';
import { CheckboxField, FieldMessage } from './checkbox-field';
import { LanguagesField } from './languages-field';
import { SectionEditor } from './section-editor';
import { TestSummary } from './test-summary';

/** Moves focus to the first control or message with an error, once it is on screen. */
function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]')?.focus());
}

function InstructionsPreview({ markdown, figures, sections }: { markdown: string; figures: ReturnType<typeof summarise>; sections: number }) {
  const preview = usePreview(markdown);
  return (
    <div className="flex flex-col gap-4">
      <TestSummary figures={figures} sections={sections} />
      <PreviewFrame updating={preview.updating}>
        {preview.empty ? <p className="text-slate-600 dark:text-slate-400">{t('testEditor.instructions.empty')}</p> : <PreviewHtml preview={preview} />}
      </PreviewFrame>
    </div>
  );
}

/**
 * Writes a new test (saved as a draft) or edits one: its details, settings and sections, with the
 * summary and the instructions as candidates will read them beside the form.
 */
export function TestForm({ test, labels: initialLabels, onCreated }: { test?: AdminTest; labels?: Record<string, string>; onCreated?: (created: AdminTest) => void }) {
  const create = useCreateTest();
  const update = useUpdateTest();
  const [draft, setDraft] = useState<TestDraft>(() => draftFromTest(test));
  const [seen, setSeen] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<PathErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const labels = useMemo(() => ({ ...initialLabels, ...seen }), [initialLabels, seen]);
  const figures = summarise(draft);

  const set = <K extends keyof TestDraft>(key: K, value: TestDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const edit = (action: SectionAction) => setDraft((current) => ({ ...current, sections: sectionsReducer(current.sections, action) }));
  const onSeen = useCallback((found: Record<string, string>) => setSeen((current) => ({ ...current, ...found })), []);

  function showErrors(form: HTMLFormElement, next: PathErrors) {
    setErrors(next);
    focusFirstError(form);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const parsed = testInputSchema.safeParse(draftToInput(draft));
    if (!parsed.success) {
      showErrors(form, pathErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    const input: TestInput = parsed.data;
    const onError = (error: unknown) => {
      const message = isApiError(error) && error.details.length > 0 ? detailsInWords(error.details) : errorMessage(error, t('editor.saveFailed'));
      setFormError(message);
      if (isApiError(error) && error.details.length > 0) showErrors(form, detailsToPathErrors(error.details));
      toast.error(message);
    };
    if (test) update.mutate({ id: test.id, input }, { onError });
    else create.mutate(input, { ...(onCreated ? { onSuccess: onCreated } : {}), onError });
  }

  // Each question appears once in a test: the picker of one section greys out what another holds.
  const chosenBySection = draft.sections.map((s) => (s.mode === 'fixed' ? s.questionIds : []));
  const elsewhere = (index: number) => new Set(chosenBySection.flatMap((ids, i) => (i === index ? [] : ids)));

  return (
    <EditorFormLayout
      onSubmit={onSubmit}
      formError={formError}
      saving={saving}
      writingHasError={Object.keys(errors).length > 0}
      preview={<InstructionsPreview markdown={draft.instructions} figures={figures} sections={draft.sections.length} />}
      fields={
        <>
          <TextField name="title" label={t('editor.field.title')} value={draft.title} maxLength={EXAM_LIMITS.titleMax} onChange={(event) => set('title', event.target.value)} error={errors.title} />
          <TextField name="slug" label={t('editor.field.slug')} hint={t('editor.field.slugHint')} value={draft.slug} autoComplete="off" onChange={(event) => set('slug', event.target.value)} error={errors.slug} />
        </>
      }
    >
      <TextareaField
        name="description"
        label={t('testEditor.field.description')}
        hint={t('testEditor.field.descriptionHint')}
        value={draft.description}
        maxLength={EXAM_LIMITS.descriptionMax}
        rows={2}
        onChange={(event) => set('description', event.target.value)}
        error={errors.description}
      />
      <MarkdownField
        name="instructions"
        label={t('testEditor.field.instructions')}
        hint={t('testEditor.field.instructionsHint')}
        value={draft.instructions}
        onChange={(value) => set('instructions', value)}
        maxLength={EXAM_LIMITS.instructionsMax}
        rows={8}
        error={errors.instructions}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="exam" label={t('testEditor.field.exam')} hint={t('testEditor.field.examHint')} value={draft.exam} autoComplete="off" onChange={(event) => set('exam', event.target.value)} error={errors.exam} />
        <TextField
          name="durationMinutes"
          type="number"
          inputMode="numeric"
          min={1}
          label={t('testEditor.field.duration')}
          hint={figures.locked ? t('testEditor.field.durationLocked', { minutes: figures.sectionMinutes }) : undefined}
          value={draft.durationMinutes}
          onChange={(event) => set('durationMinutes', event.target.value)}
          error={errors.durationMinutes}
        />
        <LanguagesField value={draft.languages} onChange={(languages) => set('languages', languages)} error={errors.languages} />
      </div>

      <fieldset className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-base font-bold text-slate-900 dark:text-white">{t('testEditor.settings.title')}</legend>
        <CheckboxField name="shuffleQuestions" label={t('testEditor.settings.shuffleQuestions')} hint={t('testEditor.settings.shuffleQuestionsHint')} checked={draft.shuffleQuestions} onChange={(v) => set('shuffleQuestions', v)} />
        <CheckboxField name="shuffleOptions" label={t('testEditor.settings.shuffleOptions')} checked={draft.shuffleOptions} onChange={(v) => set('shuffleOptions', v)} />
        <CheckboxField name="markedAnsweredCounts" label={t('testEditor.settings.markedCounts')} hint={t('testEditor.settings.markedCountsHint')} checked={draft.markedAnsweredCounts} onChange={(v) => set('markedAnsweredCounts', v)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="attemptsAllowed"
            type="number"
            inputMode="numeric"
            min={1}
            label={t('testEditor.settings.attempts')}
            hint={t('testEditor.settings.attemptsHint')}
            value={draft.attemptsAllowed}
            onChange={(event) => set('attemptsAllowed', event.target.value)}
            error={errors.attemptsAllowed}
          />
          <TextField
            name="graceSeconds"
            type="number"
            inputMode="numeric"
            min={0}
            label={t('testEditor.settings.grace')}
            hint={t('testEditor.settings.graceHint')}
            value={draft.graceSeconds}
            onChange={(event) => set('graceSeconds', event.target.value)}
            error={errors.graceSeconds}
          />
          <SelectField
            name="revealMode"
            label={t('testEditor.settings.reveal')}
            value={draft.revealMode}
            onChange={(event) => set('revealMode', event.target.value as TestDraft['revealMode'])}
            options={[
              { value: 'submission', label: t('testEditor.settings.reveal.submission') },
              { value: 'date', label: t('testEditor.settings.reveal.date') },
            ]}
            error={errors.revealMode}
          />
          {draft.revealMode === 'date' && (
            <TextField name="revealAt" type="datetime-local" label={t('testEditor.settings.revealAt')} value={draft.revealAt} onChange={(event) => set('revealAt', event.target.value)} error={errors.revealAt} />
          )}
          <TextField
            name="cutOff"
            type="number"
            inputMode="decimal"
            step="any"
            label={t('testEditor.settings.cutOff')}
            hint={t('testEditor.settings.cutOffHint')}
            value={draft.cutOff}
            onChange={(event) => set('cutOff', event.target.value)}
            error={errors.cutOff}
          />
        </div>
      </fieldset>

      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('testEditor.sections.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('testEditor.sections.hint')}</p>
        <FieldMessage message={errors.sections} />
        {draft.sections.map((section, index) => (
          <SectionEditor
            key={section.key}
            section={section}
            index={index}
            count={draft.sections.length}
            testLanguages={draft.languages}
            errors={errors}
            elsewhere={elsewhere(index)}
            labels={labels}
            onSeen={onSeen}
            onEdit={edit}
          />
        ))}
        <Button variant="secondary" className="self-start" disabled={draft.sections.length >= EXAM_LIMITS.sectionsMax} onClick={() => edit({ kind: 'add' })}>
          <span aria-hidden="true">+</span>
          {t('testEditor.sections.add')}
        </Button>
      </div>
    </EditorFormLayout>
  );
}
