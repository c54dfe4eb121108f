import {
  QUESTION_DIFFICULTIES,
  QUESTION_MARKINGS,
  QUESTION_TYPES,
  questionInputSchema,
  type AdminQuestion,
  type QuestionInput,
  type QuestionLanguage,
  type QuestionMarking,
  type QuestionType,
} from '@abhyas/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { EditorFormLayout } from '@/components/admin/editor-form-layout';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { detailsToFieldErrors, focusFirstError, issuesToFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { parseTagInput } from '@/lib/tag-input';
import { useCreateQuestion } from '../api/create-question';
import { useUpdateQuestion } from '../api/update-question';
import { blankOption, newOptionKey, optionsReducer, optionsToInput, type OptionAction, type OptionDraft } from '../utils/option-editor';
import { otherLanguage, secondDraftOf, translationErrors, translationInput, type SecondDraft } from '../utils/translation-draft';
import { inLanguage } from './language-pair';
import { PairedMarkdownField } from './paired-markdown-field';
import { QuestionLanguageField } from './question-language-field';
import { QuestionOptionsField } from './question-options-field';
import { QuestionPreview } from './question-preview';
import { TopicSelectField } from './topic-select-field';

const FIELD_ORDER = [
  'type',
  'language',
  'stem',
  'translation.stem',
  'options',
  'translation.options',
  'marking',
  'explanation',
  'translation.explanation',
  'difficulty',
  'marks',
  'negativeMarks',
  'categoryPath',
  'topicId',
  'tags',
];

function initialOptions(question: AdminQuestion | undefined): OptionDraft[] {
  if (question) {
    return question.options.map((o, i) => {
      const second = question.translation?.options[i];
      return { key: newOptionKey(), text: o.text, correct: o.correct, feedback: o.feedback ?? '', secondText: second?.text ?? '', secondFeedback: second?.feedback ?? '' };
    });
  }
  return [blankOption(), blankOption(), blankOption(), blankOption()];
}

const numberOrText = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value));

export interface QuestionFormProps {
  question?: AdminQuestion;
  onCreated?: (created: AdminQuestion) => void;
  /** The question cannot be edited now (archived): shown read only, with no saving. */
  locked?: boolean;
  /** Said under Save: what saving will do (write a new version). */
  saveNote?: string;
}

/** Writes a new question (saved as a draft) or edits one, with the live preview beside it. */
export function QuestionForm({ question, onCreated, locked = false, saveNote }: QuestionFormProps) {
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const [type, setType] = useState<QuestionType>(question?.type ?? 'single');
  const [stem, setStem] = useState(question?.stem ?? '');
  const [options, setOptions] = useState<OptionDraft[]>(() => initialOptions(question));
  const [marking, setMarking] = useState<QuestionMarking>(question?.marking ?? 'partial');
  const [explanation, setExplanation] = useState(question?.explanation ?? '');
  const [difficulty, setDifficulty] = useState<string>(question?.difficulty ?? 'medium');
  const [marks, setMarks] = useState(String(question?.marks ?? 1));
  const [negativeMarks, setNegativeMarks] = useState(String(question?.negativeMarks ?? 0));
  const [categoryPath, setCategoryPath] = useState(question?.categoryPath ?? '');
  const [topicId, setTopicId] = useState(question?.topic?.id ?? '');
  const [tags, setTags] = useState((question?.tags ?? []).join(', '));
  const [language, setLanguage] = useState<QuestionLanguage>(question?.language ?? 'en');
  // The question's texts in its other language; kept while switched off, so switching back brings them again.
  const [second, setSecond] = useState<SecondDraft>(() => secondDraftOf(question));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const optionsError = useRef<HTMLParagraphElement>(null);

  // The first field in form order with an error gets the focus once it is shown (on a phone in
  // Preview, the form comes back first); the options have no single control, so their message
  // (focusable) stands in for them.
  function showErrors(form: HTMLFormElement, fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    const first = FIELD_ORDER.find((field) => fieldErrors[field] !== undefined);
    requestAnimationFrame(() => (first === 'options' || first === 'translation.options' ? optionsError.current?.focus() : focusFirstError(form, fieldErrors)));
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
      // Marking is a choice for multiple-answer questions only; kept while the type changes back and forth.
      marking: type === 'multiple' ? marking : 'partial',
      ...(explanation.trim() ? { explanation } : {}),
      difficulty,
      marks: numberOrText(marks),
      negativeMarks: numberOrText(negativeMarks),
      ...(categoryPath.trim() ? { categoryPath } : {}),
      // Always sent: the whole question is saved, so null is how a link is removed.
      topicId: topicId || null,
      tags: parseTagInput(tags),
      language,
      options: optionsToInput(options),
      ...translationInput(language, second, options),
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked) return;
    const form = event.currentTarget;
    setFormError(null);
    const parsed = questionInputSchema.safeParse(toInput());
    if (!parsed.success) {
      showErrors(form, { ...issuesToFieldErrors(parsed.error.issues), ...translationErrors(parsed.error.issues) });
      return;
    }
    setErrors({});
    const input: QuestionInput = parsed.data;
    const onError = (error: unknown) => {
      const message = errorMessage(error, t('editor.saveFailed'));
      setFormError(message);
      if (isApiError(error)) {
        showErrors(form, { ...detailsToFieldErrors(error.details), ...translationErrors(error.details.map((d) => ({ path: d.field.split('.'), message: d.message }))) });
      }
      toast.error(message);
    };
    if (question) update.mutate({ id: question.id, input }, { onError });
    else create.mutate(input, { ...(onCreated ? { onSuccess: onCreated } : {}), onError });
  }

  const secondLanguage = second.on ? otherLanguage(language) : null;
  const label = (text: string, lang: QuestionLanguage) => inLanguage(text, lang, second.on);
  const secondOptions = options.map((o) => ({ key: o.key, text: o.secondText, correct: o.correct, feedback: o.secondFeedback }));

  return (
    <EditorFormLayout
      onSubmit={onSubmit}
      formError={formError}
      saving={saving}
      locked={locked}
      saveNote={saveNote}
      writingHasError={Object.keys(errors).length > 0}
      preview={
        <>
          <QuestionPreview stem={stem} options={options} explanation={explanation} lang={language} {...(secondLanguage ? { title: label(t('editor.preview.title'), language) } : {})} />
          {secondLanguage && (
            <QuestionPreview
              className="mt-4"
              title={label(t('editor.preview.title'), secondLanguage)}
              lang={secondLanguage}
              stem={second.stem}
              options={secondOptions}
              explanation={second.explanation}
            />
          )}
        </>
      }
    >
      <SelectField
        name="type"
        label={t('questions.field.type')}
        value={type}
        onChange={(event) => changeType(event.target.value as QuestionType)}
        options={QUESTION_TYPES.map((value) => ({ value, label: t(`questions.type.${value}`) }))}
        error={errors.type}
      />
      <QuestionLanguageField
        language={language}
        onLanguageChange={setLanguage}
        bilingual={second.on}
        onToggleSecond={() => setSecond((current) => ({ ...current, on: !current.on }))}
        error={errors.language}
      />
      <PairedMarkdownField
        name="stem"
        label={t('questions.field.stem')}
        hint={t('editor.field.contentHint')}
        rows={6}
        language={language}
        value={stem}
        onChange={setStem}
        secondLanguage={secondLanguage}
        secondValue={second.stem}
        onSecondChange={(value) => setSecond((current) => ({ ...current, stem: value }))}
        errors={errors}
      />
      <QuestionOptionsField
        type={type}
        options={options}
        onEdit={edit}
        error={errors.options ?? errors['translation.options']}
        errorRef={optionsError}
        languages={{ own: language, second: secondLanguage }}
      />
      {type === 'multiple' && (
        <SelectField
          name="marking"
          label={t('questions.field.marking')}
          hint={t(marking === 'allOrNothing' ? 'questions.marking.allOrNothingHint' : 'questions.marking.partialHint')}
          value={marking}
          onChange={(event) => setMarking(event.target.value as QuestionMarking)}
          options={QUESTION_MARKINGS.map((value) => ({ value, label: t(`questions.marking.${value}`) }))}
          error={errors.marking}
        />
      )}
      <PairedMarkdownField
        name="explanation"
        label={t('questions.field.explanation')}
        hint={t('questions.field.explanationHint')}
        rows={4}
        language={language}
        value={explanation}
        onChange={setExplanation}
        secondLanguage={secondLanguage}
        secondValue={second.explanation}
        onSecondChange={(value) => setSecond((current) => ({ ...current, explanation: value }))}
        errors={errors}
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
      <TopicSelectField
        name="topicId"
        by="id"
        label={t('questions.field.topic')}
        hint={t('questions.field.topicHint')}
        value={topicId}
        onChange={setTopicId}
        emptyLabel={t('questions.topic.none')}
        known={question?.topic ?? null}
        error={errors.topicId}
      />
      <TextField name="tags" label={t('editor.field.tags')} hint={t('editor.field.tagsHint')} value={tags} onChange={(event) => setTags(event.target.value)} autoComplete="off" error={errors.tags} />
    </EditorFormLayout>
  );
}
