import { QUESTION_LIMITS, type QuestionLanguage, type QuestionType } from '@abhyas/contracts';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { canAddOption, canRemoveOption, isSingleAnswer, OPTION_LETTERS, type OptionAction, type OptionDraft } from '../utils/option-editor';
import { inLanguage, LanguagePair } from './language-pair';

export interface QuestionOptionsFieldProps {
  type: QuestionType;
  options: readonly OptionDraft[];
  onEdit: (action: OptionAction) => void;
  error: string | undefined;
  /** The error message, focusable: the options have no single control to focus instead. */
  errorRef: Ref<HTMLParagraphElement>;
  /** The question's language, and its other one while it has both. */
  languages: { own: QuestionLanguage; second: QuestionLanguage | null };
}

/** The answer options: text, feedback and "correct" for each (text and feedback in each language), with Add and Remove. */
export function QuestionOptionsField({ type, options, onEdit, error, errorRef, languages: { own, second } }: QuestionOptionsFieldProps) {
  const single = isSingleAnswer(type);
  const label = (text: string, language: QuestionLanguage) => inLanguage(text, language, second !== null);
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'options-error' : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{t('questions.field.options')}</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">{single ? t('questions.option.hintSingle') : t('questions.option.hintMultiple')}</p>
      {error && (
        <p id="options-error" ref={errorRef} tabIndex={-1} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {options.map((option, index) => {
          const letter = OPTION_LETTERS[index] ?? String(index + 1);
          return (
            <li key={option.key} className={cx('flex flex-col gap-3 rounded-xl border p-3', option.correct ? 'border-emerald-600 dark:border-emerald-500' : 'border-slate-300 dark:border-slate-700')}>
              <LanguagePair
                own={
                  <>
                    <TextField
                      label={label(t('questions.option.text', { letter }), own)}
                      lang={own}
                      value={option.text}
                      readOnly={type === 'truefalse'}
                      maxLength={QUESTION_LIMITS.optionMax}
                      onChange={(event) => onEdit({ kind: 'text', index, text: event.target.value })}
                    />
                    <TextField
                      label={label(t('questions.option.feedback', { letter }), own)}
                      lang={own}
                      value={option.feedback}
                      maxLength={QUESTION_LIMITS.optionMax}
                      onChange={(event) => onEdit({ kind: 'feedback', index, feedback: event.target.value })}
                    />
                  </>
                }
                second={
                  second && (
                    <>
                      <TextField
                        label={label(t('questions.option.text', { letter }), second)}
                        lang={second}
                        value={option.secondText}
                        readOnly={type === 'truefalse'}
                        maxLength={QUESTION_LIMITS.optionMax}
                        onChange={(event) => onEdit({ kind: 'secondText', index, text: event.target.value })}
                      />
                      <TextField
                        label={label(t('questions.option.feedback', { letter }), second)}
                        lang={second}
                        value={option.secondFeedback}
                        maxLength={QUESTION_LIMITS.optionMax}
                        onChange={(event) => onEdit({ kind: 'secondFeedback', index, feedback: event.target.value })}
                      />
                    </>
                  )
                }
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800 dark:text-slate-200">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={single ? 'correct-option' : undefined}
                    className="size-5 accent-emerald-600"
                    checked={option.correct}
                    onChange={() => onEdit({ kind: 'toggleCorrect', index })}
                  />
                  {t('questions.option.correct')}
                  <span className="sr-only">{t('questions.option.which', { letter })}</span>
                </label>
                {canRemoveOption(type, options) && (
                  <Button variant="ghost" className="px-3 text-sm" onClick={() => onEdit({ kind: 'remove', index })}>
                    {t('questions.option.remove', { letter })}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {canAddOption(type, options) && (
        <Button variant="secondary" className="self-start" onClick={() => onEdit({ kind: 'add' })}>
          <span aria-hidden="true">+</span>
          {t('questions.option.add')}
        </Button>
      )}
    </fieldset>
  );
}
