import type { PracticeSession } from '@abhyas/contracts';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Prose } from '@/components/ui/prose';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';

export type SessionQuestion = PracticeSession['questions'][number];

/** Keys typed into these are theirs, not the question's shortcuts. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox'].includes(target.type);
}

const listLetters = (ids: readonly string[]) => ids.join(', ');

/**
 * One question: its options (radio buttons, or checkboxes for a multiple-answer question), "Check
 * answer", then the feedback: right or wrong, the correct option(s), the candidate's choice, the
 * explanation, the topic that explains it and `feedbackActions` (what the app adds there). Keys: 1–6
 * choose an option, Enter checks and moves on (Enter on a button or link does what that button or link does).
 */
export function QuestionView({
  question,
  checking,
  onCheck,
  onNext,
  nextLabel,
  focusOnShow,
  title,
  feedbackActions,
}: {
  /** The question's heading ("Question 3 of 10"), where focus goes when the question is shown. */
  title: string;
  question: SessionQuestion;
  checking: boolean;
  onCheck: (optionIds: string[]) => void;
  onNext: () => void;
  nextLabel: string;
  focusOnShow: boolean;
  feedbackActions?: ReactNode;
}) {
  const feedback = question.feedback;
  const multiple = question.type === 'multiple';
  const [chosen, setChosen] = useState<string[]>([]);
  const shown = feedback ? feedback.optionIds : chosen;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLHeadingElement>(null);
  const wasAnswered = useRef(feedback !== null);
  const name = useId();

  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  // The feedback is announced by moving focus to it, where Enter then leads on.
  useEffect(() => {
    if (feedback && !wasAnswered.current) feedbackRef.current?.focus();
    wasAnswered.current = feedback !== null;
  }, [feedback]);

  const choose = (id: string) => {
    if (feedback || checking) return;
    setChosen((current) => (multiple ? (current.includes(id) ? current.filter((c) => c !== id) : question.options.map((o) => o.id).filter((o) => o === id || current.includes(o))) : [id]));
  };
  const check = () => {
    if (!feedback && chosen.length > 0 && !checking) onCheck(chosen);
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
    if (event.key === 'Enter') {
      if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement) return;
      event.preventDefault();
      if (feedback) onNext();
      else check();
      return;
    }
    const n = Number(event.key);
    if (Number.isInteger(n) && n >= 1 && n <= question.options.length) {
      event.preventDefault();
      choose(question.options[n - 1]!.id);
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const verdict = feedback ? (feedback.isCorrect ? 'correct' : feedback.outcome === 'partial' ? 'partial' : 'wrong') : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <h2 ref={headingRef} tabIndex={-1} className="text-sm font-semibold tracking-wide text-indigo-700 uppercase focus:outline-none dark:text-indigo-300">
          {title}
        </h2>
        <Prose html={question.stemHtml} lang={question.language} className="max-w-none text-lg" />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">{t(multiple ? 'practice.session.chooseMany' : 'practice.session.choose')}</legend>
        {question.options.map((option, index) => {
          const picked = shown.includes(option.id);
          const right = feedback?.correctOptionIds.includes(option.id) ?? false;
          return (
            <label
              key={option.id}
              className={cx(
                'flex cursor-pointer items-start gap-3 rounded-xl border-2 p-3 transition-colors',
                !feedback && (picked ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/50' : 'border-slate-300 hover:border-slate-500 dark:border-slate-700'),
                feedback && right && 'border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/40',
                feedback && !right && picked && 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/40',
                feedback && !right && !picked && 'border-slate-200 opacity-80 dark:border-slate-800',
                feedback && 'cursor-default',
              )}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.id}
                checked={picked}
                disabled={feedback !== null || checking}
                onChange={() => choose(option.id)}
                className="mt-1 size-5 shrink-0 accent-indigo-600"
              />
              <span aria-hidden="true" className="mt-0.5 w-5 shrink-0 font-bold text-slate-700 dark:text-slate-300">
                {option.id}
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <Prose html={option.html} lang={question.language} className="max-w-none text-base [&>*+*]:mt-1" />
                {feedback && (right || picked) && (
                  <span className="flex flex-wrap gap-x-3 text-sm font-semibold">
                    {right && <span className="text-emerald-800 dark:text-emerald-300">✓ {t('practice.session.correctAnswer')}</span>}
                    {picked && <span className={right ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}>{right ? '' : '✗ '}{t('practice.session.yourAnswer')}</span>}
                  </span>
                )}
              </span>
              <kbd aria-hidden="true" className="hidden shrink-0 rounded border border-slate-300 px-1.5 text-xs text-slate-600 sm:inline dark:border-slate-700 dark:text-slate-400">
                {index + 1}
              </kbd>
            </label>
          );
        })}
      </fieldset>

      {!feedback && (
        <div className="flex flex-col gap-2">
          <Button onClick={check} disabled={chosen.length === 0 || checking} className="self-stretch sm:self-start">
            {checking && <Spinner className="size-5 text-white" />}
            {checking ? t('practice.session.checking') : t('practice.session.check')}
          </Button>
          <p className="hidden text-sm text-slate-600 sm:block dark:text-slate-400">{t('practice.session.keys', { count: question.options.length })}</p>
        </div>
      )}

      {feedback && verdict && (
        <section
          aria-labelledby={`${name}-verdict`}
          className={cx(
            'flex flex-col gap-3 rounded-xl border p-4',
            verdict === 'correct' ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40' : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40',
          )}
        >
          <h2 id={`${name}-verdict`} ref={feedbackRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none dark:text-white">
            {t(`practice.session.${verdict}`)}
          </h2>
          <p className="text-slate-800 dark:text-slate-200">
            {/* No key: a test or contest still withholds it (docs/decisions/018). */}
            {feedback.correctOptionIds.length === 0
              ? t('practice.session.keyWithheld')
              : t(feedback.correctOptionIds.length > 1 ? 'practice.session.correctAnswers' : 'practice.session.correctLetter', { letters: listLetters(feedback.correctOptionIds) })}{' '}
            {!feedback.isCorrect && t('practice.session.yourChoice', { letters: listLetters(feedback.optionIds) })}
          </p>
          <div className="flex flex-col gap-1">
            <h3 className="font-bold text-slate-900 dark:text-white">{t('practice.session.explanation')}</h3>
            {feedback.explanationHtml ? (
              <Prose html={feedback.explanationHtml} lang={question.language} className="max-w-none text-base" />
            ) : (
              <p className="text-slate-700 dark:text-slate-300">{t('practice.session.noExplanation')}</p>
            )}
          </div>
          {feedback.topic && (
            <TextLink to={`/topics/${feedback.topic.slug}`} className="self-start">
              {t('practice.session.readTopic', { title: feedback.topic.title })}
            </TextLink>
          )}
          {feedbackActions}
        </section>
      )}

      {feedback && (
        <Button onClick={onNext} className="self-stretch sm:self-start">
          {nextLabel}
        </Button>
      )}
    </div>
  );
}
