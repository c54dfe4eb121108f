import type { TestDetail } from '@abhyas/contracts';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PaletteLegend } from '@/components/exam/palette-legend';
import { ShortcutList } from '@/components/exam/shortcut-list';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Prose } from '@/components/ui/prose';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useCurrentUser } from '@/lib/current-user';
import { formatDate, formatMarks } from '@/lib/format';
import { writtenIn } from '@/lib/question-language';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTest } from '../api/get-test';
import { compensatedLength, CompensatoryTimeNote } from '../components/compensatory-time-note';
import { LanguagesMark } from '../components/languages-mark';
import { MarkingTable } from '../components/marking-table';
import { StartPanel } from '../components/start-panel';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </Card>
  );
}

function Instructions({ test }: { test: TestDetail }) {
  const locked = test.lockedSections;
  // The signed-in candidate's compensatory time, as an admin set it on their account (0: none).
  const extra = useCurrentUser().data?.user.extraMinutesPerHour ?? 0;
  return (
    <>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2 empty:hidden">
          {test.exam && <Badge>{test.exam}</Badge>}
          <LanguagesMark languages={test.languages} />
        </div>
        <h1 lang={writtenIn(test.title)} className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 dark:text-white">
          {test.title}
        </h1>
        {test.description && (
          <p lang={writtenIn(test.description)} className="text-slate-600 dark:text-slate-400">
            {test.description}
          </p>
        )}
        <p className="flex flex-wrap gap-x-2 text-slate-700 dark:text-slate-300">
          <span>{test.questionCount === 1 ? t('exam.list.questionOne') : t('exam.list.questions', { count: test.questionCount })}</span>
          <span aria-hidden="true">·</span>
          <span>{t('exam.list.minutes', { count: test.durationMinutes })}</span>
          <span aria-hidden="true">·</span>
          <span>{t('exam.list.marks', { marks: formatMarks(test.maxScore) })}</span>
        </p>
      </header>

      {extra > 0 && <CompensatoryTimeNote test={test} extraMinutesPerHour={extra} />}

      {test.instructionsHtml && (
        <Block title={t('exam.intro.fromExaminer')}>
          <Prose html={test.instructionsHtml} lang={writtenIn(test.instructionsHtml)} />
        </Block>
      )}

      <Block title={t('exam.intro.marking')}>
        <MarkingTable test={test} />
        <ul className="list-disc space-y-1.5 pl-5 leading-7">
          <li>{t('exam.intro.rule.unanswered')}</li>
          <li>{t('exam.intro.rule.multiple')}</li>
          <li>{test.markedAnsweredCounts ? t('exam.intro.rule.markedCounts') : t('exam.intro.rule.markedNotCounted')}</li>
          <li>
            {locked
              ? t('exam.intro.rule.locked')
              : extra > 0
                ? t('exam.intro.rule.freeCompensatory', { total: compensatedLength(test, extra) })
                : t('exam.intro.rule.free', { minutes: test.durationMinutes })}
          </li>
          <li>{t('exam.intro.rule.clock')}</li>
          <li>
            {test.revealMode === 'date' && test.revealAt
              ? t('exam.intro.rule.revealDate', { date: formatDate(test.revealAt) })
              : t('exam.intro.rule.revealSubmit')}
          </li>
        </ul>
      </Block>

      <Block title={t('exam.intro.howTo')}>
        <ul className="list-disc space-y-1.5 pl-5 leading-7">
          <li>{t('exam.intro.how.save')}</li>
          <li>{t('exam.intro.how.mark')}</li>
          <li>{t('exam.intro.how.clear')}</li>
          <li>{t('exam.intro.how.palette')}</li>
          <li>{t('exam.intro.how.confidence')}</li>
          <li>{t('exam.intro.how.offline')}</li>
        </ul>
      </Block>

      <Block title={t('exam.intro.legend')}>
        <PaletteLegend />
      </Block>

      <Block title={t('exam.intro.keyboard')}>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('exam.intro.keyboardBody')}</p>
        <ShortcutList />
      </Block>

      <StartPanel test={test} />
    </>
  );
}

/** `/tests/:slug`: a test's instructions, then Start (or Resume). */
export function TestPage() {
  const { slug = '' } = useParams();
  const test = useTest(slug);
  useDocumentTitle(test.data?.title ?? t('exam.list.title'));

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <TextLink to="/tests" className="self-start">
        <span aria-hidden="true">← </span>
        {t('exam.intro.back')}
      </TextLink>
      {test.isError && (
        <QueryError
          message={errorMessage(test.error, t('exam.intro.fetchFailed'))}
          retryLabel={t('exam.retry')}
          onRetry={isRetryable(test.error) ? () => void test.refetch() : undefined}
          retrying={test.isFetching}
        />
      )}
      {test.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('exam.intro.loading')}
        </p>
      )}
      {test.data && <Instructions test={test.data} />}
    </div>
  );
}
