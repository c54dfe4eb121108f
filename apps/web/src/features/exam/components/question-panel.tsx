import { CONFIDENCE_LEVELS, type AttemptQuestion, type Confidence, type OptionId } from '@abhyas/contracts';
import type { Ref } from 'react';
import { cx } from '@/components/ui/cx';
import { Prose } from '@/components/ui/prose';
import { t } from '@/i18n/i18n';
import { formatMarks } from '@/lib/format';

const CONFIDENCE_KEYS: Record<Confidence, string> = { sure: 'U', fifty: 'F', guess: 'G' };

export interface QuestionPanelProps {
  question: AttemptQuestion;
  total: number;
  sectionTitle: string | null;
  marks: number | null;
  negativeMarks: number | null;
  chosen: readonly OptionId[];
  confidence: Confidence | null;
  /** False when answers are not taken (time up, another device writes, a section not open). */
  answerable: boolean;
  onChoose: (optionId: OptionId) => void;
  onConfidence: (level: Confidence) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * One question: its number, marks and stem, the options (radio buttons, or checkboxes when more than
 * one answer may be right) and the optional "how sure are you" choice. The heading takes focus when the
 * question changes, so a screen reader starts reading the new question.
 */
export function QuestionPanel({ question, total, sectionTitle, marks, negativeMarks, chosen, confidence, answerable, onChoose, onConfidence, headingRef }: QuestionPanelProps) {
  const multiple = question.type === 'multiple';
  const name = `question-${question.questionId}`;
  return (
    <section aria-labelledby={`${name}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 pb-2 dark:border-slate-800 hc:border-white">
        <h2 id={`${name}-heading`} ref={headingRef} tabIndex={-1} className="scaled-text-lg font-bold focus:outline-none">
          {t('exam.question.heading', { number: question.number, total })}
          {sectionTitle && <span className="sr-only">, {sectionTitle}</span>}
        </h2>
        <p className="scaled-text-sm text-slate-600 dark:text-slate-400 hc:text-white">
          {multiple ? t('exam.question.multiple') : t('exam.question.single')}
          {marks !== null && (
            <>
              {' · '}
              {t('exam.question.marks', { marks: formatMarks(marks), negative: formatMarks(negativeMarks ?? 0) })}
            </>
          )}
        </p>
      </div>

      <Prose html={question.stemHtml} lang={question.language} className="max-w-none" />

      <fieldset disabled={!answerable} className="flex flex-col gap-2">
        <legend className="sr-only">{t('exam.question.options', { number: question.number })}</legend>
        {question.options.map((option, index) => {
          const checked = chosen.includes(option.id);
          return (
            <label
              key={option.id}
              className={cx(
                'flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 scaled-text-base has-disabled:cursor-not-allowed',
                checked
                  ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/60 hc:border-yellow-300 hc:bg-black hc:ring-2 hc:ring-yellow-300'
                  : 'border-slate-300 bg-white hover:border-slate-500 dark:border-slate-700 dark:bg-slate-900 hc:border-white hc:bg-black hc:hover:border-yellow-300',
              )}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.id}
                checked={checked}
                onChange={() => onChoose(option.id)}
                className="mt-[0.2em] size-[1.25em] shrink-0 accent-indigo-600 hc:accent-yellow-300"
              />
              <span className="font-bold">{option.id}.</span>
              <Prose html={option.html} lang={question.language} className="min-w-0 flex-1 [&>p]:my-0" />
              <kbd aria-hidden="true" className="hidden rounded border border-slate-300 px-1.5 font-mono scaled-text-xs text-slate-600 sm:inline dark:border-slate-600 dark:text-slate-400 hc:border-white hc:text-white">
                {index + 1}
              </kbd>
            </label>
          );
        })}
      </fieldset>

      <fieldset disabled={!answerable} className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 scaled-text-sm font-semibold">{t('exam.confidence.legend')}</legend>
        {CONFIDENCE_LEVELS.map((level) => (
          <button
            key={level}
            type="button"
            aria-pressed={confidence === level}
            onClick={() => onConfidence(level)}
            className={cx(
              'inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 scaled-text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60',
              confidence === level
                ? 'border-indigo-700 bg-indigo-700 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950 hc:border-yellow-300 hc:bg-yellow-300 hc:text-black'
                : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 hc:border-white hc:bg-black hc:text-white hc:hover:bg-white hc:hover:text-black',
            )}
          >
            {confidence === level && <span aria-hidden="true">✓</span>}
            {t(`exam.confidence.${level}`)}
            <kbd aria-hidden="true" className="hidden font-mono scaled-text-xs opacity-70 sm:inline hc:opacity-100">
              {CONFIDENCE_KEYS[level]}
            </kbd>
          </button>
        ))}
      </fieldset>
    </section>
  );
}
