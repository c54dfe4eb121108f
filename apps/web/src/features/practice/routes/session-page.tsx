import type { PracticeSession, PracticeStart } from '@abhyas/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { useLanguage } from '@/lib/language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAnswerQuestion } from '../api/answer-question';
import { useSession } from '../api/get-session';
import { useStartSession } from '../api/start-session';
import { BookmarkToggle } from '../components/bookmark-toggle';
import { QuestionView } from '../components/question-view';
import { SessionSummary } from '../components/session-summary';
import { practiceQuestionIn } from '../utils/question-language';
import { clampCount } from '../utils/session-progress';
import { startedWith } from '../utils/start-requests';

/** Where to go after question `from`: the next unanswered one after it, else any unanswered one, else the summary. */
function nextOpen(session: PracticeSession, from: number): number {
  const after = session.questions.findIndex((q, i) => i > from && q.feedback === null);
  if (after !== -1) return after;
  const any = session.questions.findIndex((q) => q.feedback === null);
  return any === -1 ? session.questions.length : any;
}

/** A session like this one: what it was started with on this device, else the same source. */
function againRequest(session: PracticeSession): PracticeStart | null {
  const remembered = startedWith(session.id);
  if (remembered) return remembered;
  if (session.source === 'bank') return null;
  return { source: session.source, count: clampCount(session.questions.length) };
}

/**
 * `/practice/:id`: one question at a time with feedback after each, resumed where it stopped; a
 * summary at the end. `feedbackActions` is what the app adds to a question's feedback.
 */
export function SessionPage({ feedbackActions }: { feedbackActions?: (questionId: string) => ReactNode } = {}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession(id);
  const answer = useAnswerQuestion();
  const start = useStartSession();
  // The question shown; until the candidate moves, the first unanswered one.
  const [index, setIndex] = useState<number | null>(null);
  // Whether the candidate has moved between questions here: then focus follows to what is shown.
  const [moved, setMoved] = useState(false);
  // Each question in the language the site is read in, when it has it.
  const language = useLanguage();
  useDocumentTitle(session.data?.label ?? t('practice.title'));

  // A new session (from "Practise again") starts at its beginning.
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    setShownId(id);
    setIndex(null);
    setMoved(false);
  }

  const data = session.data;
  const current = data ? Math.min(index ?? data.position, data.questions.length) : 0;
  const question = data?.questions[current];
  const finished = data !== undefined && current >= data.questions.length;

  const goTo = (to: number) => {
    setMoved(true);
    answer.reset();
    setIndex(to);
  };
  const check = (optionIds: string[]) => {
    if (!question) return;
    setIndex(current);
    answer.mutate({ sessionId: id, questionId: question.questionId, optionIds });
  };
  const begin = (request: PracticeStart) => start.mutate(request, { onSuccess: (next) => void navigate(`/practice/${next.id}`) });

  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (finished && moved) summaryRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [finished, moved]);

  if (session.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-3xl items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
        <Spinner />
        {t('practice.session.loading')}
      </p>
    );
  }
  if (!data) {
    const missing = isApiError(session.error) && session.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <QueryError
          message={errorMessage(session.error, t('practice.session.loading'))}
          retryLabel={t('practice.retry')}
          onRetry={missing ? undefined : () => void session.refetch()}
          retrying={session.isFetching}
        />
        <TextLink to="/practice" className="self-start">
          {t('practice.session.back')}
        </TextLink>
      </div>
    );
  }

  const total = data.questions.length;
  const again = againRequest(data);
  const wrong = data.questions.filter((q) => q.feedback !== null && !q.feedback.isCorrect).map((q) => q.questionId);
  const after = nextOpen(data, current);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <TextLink to="/practice" className="self-start">
          <span aria-hidden="true">← </span>
          {t('practice.session.back')}
        </TextLink>
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">{data.label}</h1>
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-700 dark:text-slate-300">
            <span>{t('practice.recent.progress', { answered: data.answered, total, correct: data.correct })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('practice.recent.progress', { answered: data.answered, total, correct: data.correct })}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={data.answered}
            className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${total === 0 ? 0 : (100 * data.answered) / total}%` }} />
          </div>
        </div>
      </div>

      {start.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(start.error, t('practice.start.failed'))}
        </Alert>
      )}

      {finished ? (
        <div ref={summaryRef}>
          <SessionSummary
            session={data}
            pending={start.isPending}
            onAgain={() => (again ? begin(again) : void navigate('/practice'))}
            onWrongAgain={wrong.length > 0 ? () => begin({ source: 'mistakes', count: clampCount(wrong.length), questionIds: wrong }) : undefined}
            onOpen={goTo}
          />
        </div>
      ) : (
        question && (
          <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex justify-end">
              <BookmarkToggle questionId={question.questionId} bookmarked={question.bookmarked} />
            </div>
            <QuestionView
              key={question.questionId}
              title={t('practice.session.progress', { number: current + 1, total })}
              question={practiceQuestionIn(question, language)}
              checking={answer.isPending}
              onCheck={check}
              onNext={() => goTo(after)}
              nextLabel={t(after >= total ? 'practice.session.finish' : 'practice.session.next')}
              focusOnShow={moved}
              feedbackActions={question.feedback ? feedbackActions?.(question.questionId) : undefined}
            />
            {answer.isError && (
              <Alert tone="error" role="alert">
                {errorMessage(answer.error, t('practice.session.answerFailed'))}
              </Alert>
            )}
            {current > 0 && (
              <button type="button" onClick={() => goTo(current - 1)} className="self-start text-sm font-semibold text-slate-700 underline underline-offset-4 dark:text-slate-300">
                {t('practice.session.previous')}
              </button>
            )}
          </div>
        )
      )}
    </div>
  );
}
