import type { TopicListItem } from '@abhyas/contracts';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatReadingTime } from '@/lib/format';
import { DifficultyBadge } from './difficulty-badge';

/** A topic in a list: category, difficulty, title (the link), summary, reading time and tags. */
export function TopicCard({ topic, headingLevel = 2 }: { topic: TopicListItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { pathname, search } = useLocation();
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap gap-2">
        <Badge tone="slate">{topic.category}</Badge>
        <DifficultyBadge difficulty={topic.difficulty} />
      </div>
      <Heading className="text-lg leading-snug font-bold text-slate-900 dark:text-white">
        {/* The link's box covers the whole card, so the card is one big tap target. */}
        <Link to={`/topics/${topic.slug}`} state={{ backTo: pathname + search }} className="rounded after:absolute after:inset-0 hover:text-indigo-700 dark:hover:text-indigo-300">
          {topic.title}
        </Link>
      </Heading>
      {topic.summary && <p className="line-clamp-3 leading-7 text-slate-600 dark:text-slate-400">{topic.summary}</p>}
      <p className="mt-auto flex flex-wrap gap-x-2 gap-y-1 pt-1 text-sm text-slate-600 dark:text-slate-400">
        <span>{formatReadingTime(topic.readingTimeMinutes)}</span>
        {topic.tags.slice(0, 3).map((tag) => (
          <span key={tag} className="text-slate-500 dark:text-slate-400">
            #{tag}
          </span>
        ))}
      </p>
    </article>
  );
}
