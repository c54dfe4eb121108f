import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { ContentQueryError } from '@/components/ui/content-query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFontReady } from '@/lib/use-font-ready';
import { useTopic } from '../api/get-topic';
import { TopicArticle } from '../components/topic-article';

// "Back to topics" returns to the filtered list the reader came from; a direct visit goes to the full list.
function listPath(state: unknown): string {
  const backTo = (state as { backTo?: unknown } | null)?.backTo;
  return typeof backTo === 'string' && /^\/topics(\?|$)/.test(backTo) ? backTo : '/topics';
}

/**
 * `/topics/:slug`: one topic; an unknown slug shows the API's "Topic not found". `actions` (from the
 * app: "Practise this topic") go under the topic's heading; while `actionsPending`, the topic waits
 * for them, so they never push the article down once it is read; a topic in Hindi waits for the
 * Devanagari face likewise.
 */
export function TopicPage({ actions, actionsPending = false }: { actions?: ReactNode; actionsPending?: boolean }) {
  const { slug = '' } = useParams();
  const topic = useTopic(slug);
  const backTo = listPath(useLocation().state);
  useDocumentTitle(topic.data?.title ?? t('topics.title'));
  // A topic in Hindi waits for its face too, so it never shifts when the face arrives.
  const fontReady = useFontReady(topic.data?.language);
  const waiting = actionsPending || !fontReady;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <TextLink to={backTo} className="self-start">
        <span aria-hidden="true">← </span>
        {t('topics.back')}
      </TextLink>

      <ContentQueryError query={topic} retryable={isRetryable(topic.error)} />

      {(topic.isPending || (topic.data && waiting)) && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('topics.loadingArticle')}
        </p>
      )}

      {topic.data && !waiting && <TopicArticle topic={topic.data} actions={actions} />}
    </div>
  );
}
