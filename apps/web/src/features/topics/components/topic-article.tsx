import type { Topic } from '@abhyas/contracts';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Prose } from '@/components/ui/prose';
import { t } from '@/i18n/i18n';
import { formatReadingTime } from '@/lib/format';
import { DifficultyBadge } from './difficulty-badge';

/**
 * A whole topic: category, difficulty, title, summary, tags, `actions` and the rendered content. The
 * title, summary and content carry the topic's language, which may not be the one the reader chose.
 */
export function TopicArticle({ topic, actions }: { topic: Topic; actions?: ReactNode }) {
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="slate">{topic.category}</Badge>
          <DifficultyBadge difficulty={topic.difficulty} />
          <span className="text-sm text-slate-600 dark:text-slate-400">{formatReadingTime(topic.readingTimeMinutes)}</span>
        </div>
        <h1 lang={topic.language} className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
          {topic.title}
        </h1>
        {topic.summary && (
          <p lang={topic.language} className="text-lg leading-8 text-slate-700 dark:text-slate-300">
            {topic.summary}
          </p>
        )}
        {topic.tags.length > 0 && (
          <ul aria-label={t('content.tags')} className="flex flex-wrap gap-2">
            {topic.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-200/70 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        {actions}
      </header>
      <hr className="border-slate-200 dark:border-slate-800" />
      <Prose html={topic.contentHtml} lang={topic.language} />
    </article>
  );
}
