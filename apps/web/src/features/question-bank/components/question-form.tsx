import { QUESTION_DIFFICULTIES, QUESTION_LIMITS, QUESTION_TYPES, questionInputSchema, type AdminQuestion, type QuestionInput, type QuestionType } from '@abhyas/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { parseTagInput } from '@/features/editor/utils/tag-input';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { detailsToFieldErrors, focusFirstError, issuesToFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { useCreateQuestion } from '../api/create-question';
import { useUpdateQuestion } from '../api/update-question';
import { blankOption, canAddOption, canRemoveOption, isSingleAnswer, newOptionKey, optionsReducer, optionsToInput, type OptionAction, type OptionDraft } from '../utils/option-editor';
import { QuestionPreview } from './question-preview';

const LETTERS = 'ABCDEF';
const FIELD_ORDER = ['type', 'stem', 'options', 'explanation', 'difficulty', 'marks', 'negativeMarks', 'categoryPath', 'tags', 'language'];

function initialOptions(question: AdminQuestion | undefined): OptionDraft[] {
  if (question) return question.options.map((o) => ({ key: newOptionKey(), text: o.text, correct: o.correct, feedback: o.feedback ?? '' }));
  return [blankOption(), blankOption(), blankOption(), blankOption()];
}

const numberOrText = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value));

/** Writes a new question (saved as a draft) or edits one, with the live preview beside it. */
export function QuestionForm({ question, onCreated }: { question?: AdminQuestion; onCreated?: (created: AdminQuestion) => void }) {
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const [type, setType] = useState<QuestionType>(question?.type ?? 'single');
  const [stem, setStem] = useState(question?.stem ?? '');
  const [options, setOptions] = useState<OptionDraft[]>(() => initialOptions(question));
  const [explanation, setExplanation] = useState(question?.explanation ?? '');
  const [difficulty, setDifficulty] = useState<string>(question?.difficulty ?? 'medium');
  const [marks, setMarks] = useState(String(question?.marks ?? 1));
  const [negativeMarks, setNegativeMarks] = useState(String(question?.negativeMarks ?? 0));
  const [categoryPath, setCategoryPath] = useState(question?.categoryPath ?? '');
  const [tags, setTags] = useState((question?.tags ?? []).join(', '));
  const [language, setLanguage] = useState<string>(question?.language ?? 'en');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const optionsError = useRef<HTMLParagraphElement>(null);

  // The first field in form order with an error gets the focus; the options have no single
  // control, so their message (focusable) stands in for them.
  function showErrors(form: HTMLFormElement, fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    const first = FIELD_ORDER.find((field) => fieldErrors[field] !== undefined);
    if (first === 'options') requestAnimationFrame(() => optionsError.current?.focus());
    else focusFirstError(form, fieldErrors);
  }

  const edit = (action: OptionAction) => setOptions((current) => optionsReducer(type, current, action));

  function changeType(next: QuestionType) {
    setOptions((current) => optionsReducer(next, current, { kind: 'setType', type: next, trueLabel: t('questions.option.true'), falseLabel: t('questions.option.false') }));
    setType(next);
  }

  function toInput(): unknown {
    return {
      type,
      stem,
      ...(explanation.trim() ? { explanation } : {}),
      difficulty,
      marks: numberOrText(marks),
      negativeMarks: numberOrText(negativeMarks),
      ...(categoryPath.trim() ? { categoryPath } : {}),
      tags: parseTagInput(tags),
      language,
      options: optionsToInput(options),
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const parsed = questionInputSchema.safeParse(toInput());
    if (!parsed.success) {
      showErrors(form, issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    const input: QuestionInput = parsed.data;
    const onError = (error: unknown) => {
      const message = errorMessage(error, t('editor.saveFailed'));
      setFormError(message);
      if (isApiError(error)) {
        showErrors(form, detailsToFieldErrors(error.details));
      }
      toast.error(message);
    };
    if (question) update.mutate({ id: question.id, input }, { onError });
    else create.mutate(input, { ...(onCreated ? { onSuccess: onCreated } : {}), onError });
  }

  const single = isSingleAnswer(type);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="flex min-w-0 flex-col gap-5">
        {formError && (
          <Alert tone="error" role="alert">
            {formError}
          </Alert>
        )}
        <SelectField
          name="type"
          label={t('questions.field.type')}
          value={type}
          onChange={(event) => changeType(event.target.value as QuestionType)}
          options={QUESTION_TYPES.map((value) => ({ value, label: t(`questions.type.${value}`) }))}
          error={errors.type}
        />
        <TextareaField
          name="stem"
          label={t('questions.field.stem')}
          hint={t('editor.field.contentHint')}
          value={stem}
          onChange={(event) => setStem(event.target.value)}
          maxLength={QUESTION_LIMITS.stemMax}
          rows={6}
          spellCheck
          error={errors.stem}
          className="resize-y font-mono text-sm leading-6"
        />

        <fieldset className="flex flex-col gap-3" aria-describedby={errors.options ? 'options-error' : undefined}>
          <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{t('questions.field.options')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-400">{single ? t('questions.option.hintSingle') : t('questions.option.hintMultiple')}</p>
          {errors.options && (
            <p id="options-error" ref={optionsError} tabIndex={-1} className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.options}
            </p>
          )}
          <ol className="flex flex-col gap-3">
            {options.map((option, index) => {
              const letter = LETTERS[index] ?? String(index + 1);
              return (
                <li key={option.key} className={cx('flex flex-col gap-3 rounded-xl border p-3', option.correct ? 'border-emerald-600 dark:border-emerald-500' : 'border-slate-300 dark:border-slate-700')}>
                  <TextField
                    label={t('questions.option.text', { letter })}
                    value={option.text}
                    readOnly={type === 'truefalse'}
                    maxLength={QUESTION_LIMITS.optionMax}
                    onChange={(event) => edit({ kind: 'text', index, text: event.target.value })}
                  />
                  <TextField
                    label={t('questions.option.feedback', { letter })}
                    value={option.feedback}
                    maxLength={QUESTION_LIMITS.optionMax}
                    onChange={(event) => edit({ kind: 'feedback', index, feedback: event.target.value })}
                  />
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800 dark:text-slate-200">
                      <input
                        type={single ? 'radio' : 'checkbox'}
                        name={single ? 'correct-option' : undefined}
                        className="size-5 accent-emerald-600"
                        checked={option.correct}
                        onChange={() => edit({ kind: 'toggleCorrect', index })}
                      />
                      {t('questions.option.correct')}
                      <span className="sr-only">{t('questions.option.which', { letter })}</span>
                    </label>
                    {canRemoveOption(type, options) && (
                      <Button variant="ghost" className="px-3 text-sm" onClick={() => edit({ kind: 'remove', index })}>
                        {t('questions.option.remove', { letter })}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          {canAddOption(type, options) && (
            <Button variant="secondary" className="self-start" onClick={() => edit({ kind: 'add' })}>
              <span aria-hidden="true">+</span>
              {t('questions.option.add')}
            </Button>
          )}
        </fieldset>

        <TextareaField
          name="explanation"
          label={t('questions.field.explanation')}
          hint={t('questions.field.explanationHint')}
          value={explanation}
          onChange={(event) => setExplanation(event.target.value)}
          maxLength={QUESTION_LIMITS.stemMax}
          rows={4}
          error={errors.explanation}
          className="resize-y font-mono text-sm leading-6"
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            name="difficulty"
            label={t('questions.field.difficulty')}
            value={difficulty}
            onChange={(event) => setDifficulty(event.target.value)}
            options={QUESTION_DIFFICULTIES.map((value) => ({ value, label: t(`questions.difficulty.${value}`) }))}
            error={errors.difficulty}
          />
          <TextField name="marks" type="number" inputMode="decimal" min={0} max={100} step="any" label={t('questions.field.marks')} value={marks} onChange={(event) => setMarks(event.target.value)} error={errors.marks} />
          <TextField
            name="negativeMarks"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            label={t('questions.field.negativeMarks')}
            value={negativeMarks}
            onChange={(event) => setNegativeMarks(event.target.value)}
            error={errors.negativeMarks}
          />
        </div>
        <TextField
          name="categoryPath"
          label={t('questions.field.category')}
          hint={t('questions.field.categoryHint')}
          value={categoryPath}
          onChange={(event) => setCategoryPath(event.target.value)}
          autoComplete="off"
          error={errors.categoryPath}
        />
        <TextField name="tags" label={t('editor.field.tags')} hint={t('editor.field.tagsHint')} value={tags} onChange={(event) => setTags(event.target.value)} autoComplete="off" error={errors.tags} />
        <SelectField
          name="language"
          label={t('questions.field.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          options={[
            { value: 'en', label: t('language.en') },
            { value: 'hi', label: t('language.hi'), lang: 'hi' },
          ]}
          error={errors.language}
        />
        <Button type="submit" disabled={saving} className="self-stretch px-8 sm:self-start">
          {t('editor.save')}
        </Button>
      </div>
      <QuestionPreview stem={stem} options={options} explanation={explanation} className="lg:sticky lg:top-28 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto" />
    </form>
  );
}
