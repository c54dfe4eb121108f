import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Prose } from '@/components/ui/prose';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useTestPreview } from '../api/get-test-preview';

const newSeed = () => Math.random().toString(36).slice(2, 10);

/**
 * "Preview as candidate": the saved test as one candidate gets it, blueprint sections drawn and
 * shuffles applied, read-only and without the key. "Draw again" shows another candidate's draw.
 */
export function CandidatePreview({ testId, onClose }: { testId: string; onClose: () => void }) {
  const [seed, setSeed] = useState(newSeed);
  const preview = useTestPreview(testId, seed);
  const data = preview.data;

  return (
    <section aria-labelledby="candidate-preview-heading" className="flex flex-col gap-4 rounded-2xl border border-indigo-200 bg-indigo-50/40 p-4 sm:p-6 dark:border-indigo-900 dark:bg-indigo-950/30">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="candidate-preview-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          {t('testEditor.preview.title')}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" className="px-3 text-sm" disabled={preview.isFetching} onClick={() => setSeed(newSeed())}>
            {t('testEditor.preview.again')}
          </Button>
          <Button variant="ghost" className="px-3 text-sm" onClick={onClose}>
            {t('testEditor.preview.close')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('testEditor.preview.hint')}</p>
      {preview.isError && <QueryError message={errorMessage(preview.error, t('errors.generic'))} retryLabel={t('content.retry')} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />}
      {preview.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('testEditor.preview.loading')}
        </p>
      )}
      {data && (
        <>
          <p className="font-semibold text-slate-800 dark:text-slate-200">
            {t('testEditor.preview.figures', { questions: data.questions.length, maxScore: data.maxScore, minutes: data.durationMinutes })}
            {data.lockedSections && ` · ${t('testEditor.preview.locked')}`}
          </p>
          {data.sections.map((section) => (
            <div key={section.id} className="flex flex-col gap-3">
              <h3 className="text-lg font-bold text-slate-900 dark:text-white">
                {section.title}
                <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">
                  {t('testEditor.preview.marking', { marks: section.marks, negative: section.negativeMarks })}
                  {section.timeLimitMinutes !== null && ` · ${t('testEditor.minutes', { count: section.timeLimitMinutes })}`}
                </span>
              </h3>
              <ol className="flex flex-col gap-3">
                {data.questions
                  .filter((q) => q.sectionId === section.id)
                  .map((q) => (
                    <li key={q.questionId} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
                      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">
                        {t('testEditor.preview.question', { number: q.number })}
                        {q.type === 'multiple' && ` · ${t('questions.type.multiple')}`}
                      </p>
                      <Prose html={q.stemHtml} />
                      <ul className="flex flex-col gap-1">
                        {q.options.map((o) => (
                          <li key={o.id} className="flex gap-2">
                            <span className="font-semibold">{o.id}.</span>
                            <Prose html={o.html} className="min-w-0 flex-1" />
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
              </ol>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
